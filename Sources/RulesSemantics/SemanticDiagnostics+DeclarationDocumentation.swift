import RulesSyntax

extension SemanticDiagnostics {
  /// The documentation of the declaration and file-shape diagnostics (RS112–RS127), in code
  /// order.
  static let declarationDocumentation: [DiagnosticDocumentation] = [
    DiagnosticDocumentation(
      tooManyLets, summary: "a function with more than 11 let bindings",
      rationale: """
        Firebase documents at most 10 `let` bindings per function and its compiler refuses a \
        function from the 12th on (`Maximum allowed variable count of 10 for a given function \
        has been reached.`). Split the function.
        """,
      example: .fragment(
        """
        function big() {
          let a = 1;
          let b = a;
          let c = b;
          let d = c;
          let e = d;
          let f = e;
          let g = f;
          let h = g;
          let i = h;
          let j = i;
          let k = j;
          ⟦let l = k;⟧
          return l == 1;
        }
        match /files/{name} {
          allow read: if big();
        }
        """)),
    DiagnosticDocumentation(
      recursiveFunction, summary: "a function that calls itself, directly or through others",
      rationale: """
        Rules functions cannot recurse; the compiler refuses direct recursion (`Recursive call is \
        not allowed.`) and cycles (`Detected a call cycle between [f,g] functions.`). Write the \
        bounded cases out.
        """,
      example: .fragment(
        """
        function isAncestor(path) {
          return path.size() > 0 && ⟦isAncestor⟧(path[1:]);
        }
        match /files/{name} {
          allow read: if isAncestor(request.path);
        }
        """)),
    DiagnosticDocumentation(
      duplicateFunction, summary: "two functions of one name in one scope",
      rationale: """
        Rules have no overloading, not even by argument count; the compiler refuses a second \
        function of the same name in the same block (`Function f is already defined.`). Rename \
        one.
        """,
      example: .fragment(
        """
        function isOwner(userId) {
          return request.auth.uid == userId;
        }
        function ⟦isOwner⟧(userId, name) {
          return request.auth.uid == userId && name != '';
        }
        match /users/{userId}/{name} {
          allow read: if isOwner(userId);
        }
        """)),
    DiagnosticDocumentation(
      misplacedStatement, summary: "a statement where the grammar does not allow it",
      rationale: """
        `allow` belongs in a `match` block, `match` inside `service firebase.storage`, and \
        `rules_version` and `service` at the top of the file; the compiler refuses anything else \
        (`Unexpected 'allow'.`).
        """,
      example: .file(
        """
        rules_version = '2';
        service firebase.storage {
          ⟦allow⟧ read: if request.auth != null;
          match /b/{bucket}/o {
            match /files/{name} {
              allow read: if request.auth != null;
            }
          }
        }
        """)),
    DiagnosticDocumentation(
      multipleServices, summary: "the same service is declared twice",
      rationale: """
        A file declares each service once; the compiler refuses a repeat (`Duplicate service \
        name declaration.`). Merge the blocks.
        """,
      example: .file(
        """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{name} {
              allow read: if request.auth != null;
            }
          }
        }
        service ⟦firebase.storage⟧ {
          match /b/{bucket}/o {
            match /images/{name} {
              allow read: if request.auth != null;
            }
          }
        }
        """)),
    DiagnosticDocumentation(
      sourceTooLarge, summary: "the source is larger than 256 KiB",
      rationale: """
        The Firebase Rules API refuses rulesets over 256 KiB. Move repeated conditions into \
        functions, and drop generated blocks that a wildcard could cover.
        """,
      example: .unavailable("it takes a file of more than 262,144 bytes")),
    DiagnosticDocumentation(
      emptyMatch, summary: "a match block with nothing in it",
      rationale: """
        The compiler refuses an empty block (`The 'match' body must contain at least one \
        declaration.`). Remove it, or add the `allow` statements it was meant to hold.
        """,
      example: .fragment(
        """
        ⟦match⟧ /drafts/{name} {
        }
        """)),
    DiagnosticDocumentation(
      missingService, summary: "no service firebase.storage declaration",
      rationale: """
        Without a `service` block there is nothing to compile and the file grants nothing; \
        Firebase refuses it. Cloud Storage rules declare `service firebase.storage { match \
        /b/{bucket}/o { … } }`.
        """,
      example: .file(
        """
        ⟦⟧rules_version = '2';
        """)),
    DiagnosticDocumentation(
      importUnsupported, summary: "an import statement",
      rationale: """
        Cloud Storage rules cannot import other files (`Import statements are not allowed.`). \
        Copy the functions into the file.
        """,
      example: .file(
        """
        rules_version = '2';
        ⟦import⟧ 'common.rules';
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{name} {
              allow read: if request.auth != null;
            }
          }
        }
        """)),
    DiagnosticDocumentation(
      duplicateParameter, summary: "a parameter or let name defined twice in a function",
      rationale: """
        Parameters and `let` bindings of a function share one scope, and a name can be bound \
        once (`The identifier [x] is already bound in the current scope.`). The compiler refuses \
        the file; rename one.
        """,
      example: .fragment(
        """
        function sameUser(uid, ⟦uid⟧) {
          return uid == request.auth.uid;
        }
        match /users/{userId} {
          allow read: if sameUser(userId, userId);
        }
        """)),
    DiagnosticDocumentation(
      reservedName, summary: "a name that hides a built-in",
      rationale: """
        A wildcard, parameter or function named like a built-in (`request`, `resource`, `path`, \
        `int`, …) hides it inside its scope, so `request.auth` there means the wildcard's \
        value. Firebase compiles it; rename it.
        """,
      example: .fragment(
        """
        match /uploads/{⟦request⟧} {
          allow read: if request != '';
        }
        """)),
    DiagnosticDocumentation(
      duplicateRulesVersion, summary: "rules_version is declared more than once",
      rationale: """
        A file declares its version once; the compiler refuses a second declaration. Keep the \
        first line only.
        """,
      example: .file(
        """
        rules_version = '2';
        ⟦rules_version = '2';⟧
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{name} {
              allow read: if request.auth != null;
            }
          }
        }
        """)),
    DiagnosticDocumentation(
      wildcardRebound, summary: "a nested match binds a name an enclosing match already binds",
      rationale: """
        Firebase compiles it and, inside the inner block, the name means the inner segment, so \
        a condition comparing it with the outer one compares the wrong value. Use distinct \
        names.
        """,
      example: .fragment(
        """
        match /users/{id} {
          match /files/{⟦id⟧} {
            allow read: if request.auth.uid == id;
          }
        }
        """)),
    DiagnosticDocumentation(
      packageName, summary: "a package name used as a variable or value",
      rationale: """
        `math`, `timestamp`, `duration`, `latlng` and `hashing` are packages: a wildcard, \
        parameter or `let` of that name, or the package used as a value (`timestamp == x`), is \
        refused by the compiler (`timestamp is a package and cannot be used as variable name.`).
        """,
      example: .fragment(
        """
        match /logs/{⟦timestamp⟧} {
          allow read: if request.auth != null;
        }
        """)),
    DiagnosticDocumentation(
      globWithChildren, summary: "version 1: a block ending in a recursive wildcard has child blocks",
      rationale: """
        Under version 1 a block whose path ends in `{name=**}` should not have child blocks \
        (`Glob(**) resource rules should not have child resource rules.`, a compiler warning): \
        the children's paths continue after the glob, which rarely matches what was meant.
        """,
      example: .file(
        """
        service firebase.storage {
          match /b/{bucket}/o {
            ⟦match⟧ /files/{path=**} {
              allow get: if request.auth != null;
              match /private/{name} {
                allow get: if false;
              }
            }
          }
        }
        """)),
    DiagnosticDocumentation(
      emptyService, summary: "a service block with nothing in it",
      rationale: """
        The compiler refuses an empty `service` block (`The 'service' body must contain at \
        least one declaration.`).
        """,
      example: .file(
        """
        rules_version = '2';
        service ⟦firebase.storage⟧ {
        }
        """)),
  ]
}
