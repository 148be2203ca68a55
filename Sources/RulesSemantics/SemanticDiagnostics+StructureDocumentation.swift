import RulesSyntax

extension SemanticDiagnostics {
  /// The documentation of the structure and version diagnostics (RS1xx), in code order.
  static let structureDocumentation: [DiagnosticDocumentation] = [
    DiagnosticDocumentation(
      invalidRulesVersion, summary: "rules_version is neither '1' nor '2'",
      rationale: """
        Only versions 1 and 2 exist; the compiler refuses any other value \
        (`Unsupported rules version 3.`). Use `rules_version = '2';`.
        """,
      example: .file(
        """
        rules_version = ⟦'3'⟧;
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{name} {
              allow read: if request.auth != null;
            }
          }
        }
        """)),
    DiagnosticDocumentation(
      unknownMethod, summary: "an allow statement names a method that does not exist",
      rationale: """
        The methods are `read`, `write`, `get`, `list`, `create`, `update` and `delete` (case is \
        ignored). Firebase compiles an unknown name with a warning (`Invalid method name: reed.`) \
        and the name grants nothing, so the access the author meant to allow is denied.
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow ⟦reed⟧: if request.auth != null;
        }
        """),
      fix: .unsafe("the closest method name is a guess, and it starts granting access that was denied")),
    DiagnosticDocumentation(
      rulesVersionNotFirst, summary: "rules_version is not the first statement",
      rationale: """
        `rules_version` must come before everything else; the compiler refuses it later in the \
        file (`Unexpected 'rules_version'.`). Move it to the first line.
        """,
      example: .file(
        """
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{name} {
              allow read: if request.auth != null;
            }
          }
        }
        ⟦rules_version = '2';⟧
        """)),
    DiagnosticDocumentation(
      deprecatedSyntaxKeyword, summary: "the old 'syntax' keyword instead of 'rules_version'",
      rationale: """
        `syntax = '2';` is an old spelling of `rules_version = '2';`. rulescheck reads it as the \
        version, but Firebase's compiler refuses it (`mismatched input 'syntax'`).
        """,
      example: .file(
        """
        ⟦syntax⟧ = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{name} {
              allow read: if request.auth != null;
            }
          }
        }
        """),
      fix: .safe(
        "rulescheck already reads 'syntax' as 'rules_version', so the version and every decision stay the same"
      )),
    DiagnosticDocumentation(
      wrongService, summary: "a service other than firebase.storage",
      rationale: """
        Cloud Storage rules live in `service firebase.storage`. Another name compiles with a \
        warning (`Invalid service name: x.`), but its blocks never apply to Storage requests, so \
        everything is denied. A Firestore file (`service cloud.firestore`) is reported once and \
        not linted further.
        """,
      example: .file(
        """
        rules_version = '2';
        service ⟦firebase.storag⟧ {
          match /b/{bucket}/o {
            match /files/{name} {
              allow read: if request.auth != null;
            }
          }
        }
        """),
      fix: .unsafe("renaming the service to firebase.storage makes every block start to apply")),
    DiagnosticDocumentation(
      globNotLast, summary: "version 1: a recursive wildcard that is not the last segment",
      rationale: """
        Under version 1 `{name=**}` may only end a path; the compiler refuses the file \
        (`Invalid glob match expression. Glob matches are permitted as the last segment in a match \
        declaration path.`). Declare `rules_version = '2';`, where it may stand anywhere, or \
        restructure the paths.
        """,
      example: .file(
        """
        service firebase.storage {
          match /b/{bucket}/o {
            match /users⟦/{path=**}⟧/avatar {
              allow read: if request.auth != null;
            }
          }
        }
        """)),
    DiagnosticDocumentation(
      multipleRecursiveWildcards, summary: "more than one recursive wildcard in a full path",
      rationale: """
        A full match path (the enclosing blocks' paths and the block's own) may hold one \
        `{name=**}`; the compiler refuses a second (`Only one glob match is permitted in a match \
        declaration path.`).
        """,
      example: .fragment(
        """
        match /shared/{a=**} {
          match /copies⟦/{b=**}⟧ {
            allow read: if request.auth != null;
          }
        }
        """)),
    DiagnosticDocumentation(
      duplicateWildcard, summary: "a wildcard name is bound twice in one match path",
      rationale: """
        Each wildcard of a path needs its own name; the compiler refuses a repeat \
        (`Variable x already exists in the PathTemplate.`).
        """,
      example: .fragment(
        """
        match /users/{id}/files/{⟦id⟧} {
          allow read: if request.auth.uid == id;
        }
        """)),
    DiagnosticDocumentation(
      letRequiresVersion2, summary: "let in a version 1 file",
      rationale: """
        Local `let` bindings exist only under version 2; the compiler refuses them under \
        version 1 (`Let bindings are not allowed in rules_version="1";`). Declare \
        `rules_version = '2';`, or inline the value.
        """,
      example: .file(
        """
        service firebase.storage {
          match /b/{bucket}/o {
            function isOwner(userId) {
              ⟦let⟧ uid = request.auth.uid;
              return uid == userId;
            }
            match /users/{userId}/{file} {
              allow get: if isOwner(userId);
            }
          }
        }
        """)),
    DiagnosticDocumentation(
      listRequiresVersion2, summary: "version 1: list requests are always refused",
      rationale: """
        Under version 1 production refuses every list request before reading any rule (`Listing \
        objects in a bucket is disallowed for rules_version = "1".`), so `allow list` grants \
        nothing and `read` grants `get` only. The file deploys; declare \
        `rules_version = '2';` to use list (RC300 and RC400 show what else changes). It is \
        reported on each `list` and on the first `read`; when the file has no `rules_version` \
        and RC300 reports that, `lint` leaves the `read` case to RC300 (which carries the fix), \
        so the fact is said once.
        """,
      example: .file(
        """
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{name} {
              allow ⟦list⟧: if request.auth != null;
            }
          }
        }
        """)),
    DiagnosticDocumentation(
      invalidFunctionBody, summary: "a function body that is not lets followed by one return",
      rationale: """
        A function body is any number of `let` bindings and then exactly one `return`. A body \
        without `return`, with a second one, or with a `let` after it is refused by the compiler.
        """,
      example: .fragment(
        """
        function ⟦isSignedIn⟧() {
          let signedIn = request.auth != null;
        }
        match /files/{name} {
          allow read: if isSignedIn();
        }
        """)),
    DiagnosticDocumentation(
      tooManyParameters, summary: "a function with more than 7 parameters",
      rationale: """
        Firebase allows at most 7 parameters per function (`Maximum allowed function arguments \
        of 7 for function f is reached.`). Pass fewer values, e.g. read `request` and `resource` \
        inside the function instead of passing their fields.
        """,
      example: .fragment(
        """
        function check(a, b, c, d, e, f, g, ⟦h⟧) {
          return a && b && c && d && e && f && g && h;
        }
        match /files/{name} {
          allow read: if check(true, true, true, true, true, true, true, true);
        }
        """)),
  ]
}
