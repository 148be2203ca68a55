import RulesSyntax

extension SemanticDiagnostics {
  /// The documentation of every semantic diagnostic, in code order
  /// (``DiagnosticDocumentation``).
  public static let documentation: [DiagnosticDocumentation] =
    (structureDocumentation + declarationDocumentation + expressionDocumentation).sorted {
      $0.code < $1.code
    }

  /// The documentation of the budget, name, type and regular-expression diagnostics (RS19x,
  /// RS2xx, RS3xx), in code order.
  static let expressionDocumentation: [DiagnosticDocumentation] = [
    DiagnosticDocumentation(
      analysisBudget, summary: "one of rulescheck's analysis budgets ran out",
      rationale: """
        rulescheck bounds its own work so that no file can make it slow: "did you mean" \
        suggestions stop after a number of candidate names, and lint stops following calls into \
        a function after a work budget (see Limits). The file is still checked; some findings \
        may be missing. Firebase is not involved.
        """,
      example: .unavailable("it takes a generated file with tens of thousands of names or calls")),
    DiagnosticDocumentation(
      analysisLimit, summary: "the full match paths of the file total more than 3,000,000 segments",
      rationale: """
        Each block holds its full path, which repeats its parents' segments; past 3,000,000 \
        segments the remaining blocks are left out of the analysis. No file Firebase accepts \
        (256 KiB, 100 segments per path) comes near this.
        """,
      example: .unavailable(
        "no file within Firebase's size limit reaches it; a generated file of deeply nested blocks does")),
    DiagnosticDocumentation(
      unknownVariable, summary: "a name that is neither a wildcard, parameter, let nor built-in",
      rationale: """
        Firebase compiles it with a warning (`Invalid variable name: x.`); at evaluation reading \
        it is an error, so the condition grants nothing. Usually a misspelt wildcard.
        """,
      example: .fragment(
        """
        match /users/{userId} {
          allow read: if request.auth.uid == ⟦userID⟧;
        }
        """)),
    DiagnosticDocumentation(
      unknownFunction, summary: "a call to a function that does not exist",
      rationale: """
        Firebase compiles it with a warning (`Invalid function name: f.`); at evaluation the \
        call is an error (`Function not found error`), so the condition grants nothing. \
        Production has no `bool()` and no `math.isInfinite()`, whatever the reference says.
        """,
      example: .fragment(
        """
        function isOwner(userId) {
          return request.auth.uid == userId;
        }
        match /users/{userId} {
          allow read: if ⟦isOwnr⟧(userId);
        }
        """)),
    DiagnosticDocumentation(
      wrongArity, summary: "a function called with the wrong number of arguments",
      rationale: """
        Firebase compiles it with a warning; at evaluation the call is an error \
        (`Incorrect number of arguments. Received: 2. Expected: f(a).`), so the condition grants \
        nothing unless an `||` elsewhere is true.
        """,
      example: .fragment(
        """
        function isOwner(userId) {
          return request.auth.uid == userId;
        }
        match /users/{userId}/{name} {
          allow read: if ⟦isOwner⟧(userId, name);
        }
        """)),
    DiagnosticDocumentation(
      unknownField, summary: "reading a field the object does not have",
      rationale: """
        `request`, `resource`, `request.auth` and the metadata objects have fixed fields; \
        reading another is an error at evaluation (`Property contenType is undefined on \
        object.`), so the condition grants nothing. `request.resource` of an upload has no \
        `timeCreated` or `updated`.
        """,
      example: .fragment(
        """
        match /images/{name} {
          allow create: if request.resource.⟦contenType⟧ == 'image/png';
        }
        """),
      fix: .unsafe("the closest field name is a guess, and reading it changes what the condition decides")),
    DiagnosticDocumentation(
      unusedFunction, summary: "a function that is never called",
      rationale: """
        Firebase compiles it with a warning (`Unused function: f.`). It is dead code, or the \
        call that should use it is missing.
        """,
      example: .fragment(
        """
        function ⟦isAdmin⟧() {
          return request.auth.token.admin == true;
        }
        match /files/{name} {
          allow read: if request.auth != null;
        }
        """)),
    DiagnosticDocumentation(
      unusedVariable, summary: "a let binding that is never read",
      rationale: """
        Firebase compiles it with a warning (`Unused variable: x.`). Remove it, or use it where \
        it was meant to be used.
        """,
      example: .fragment(
        """
        function isOwner(userId) {
          let ⟦uid⟧ = request.auth.uid;
          return request.auth.uid == userId;
        }
        match /users/{userId} {
          allow read: if isOwner(userId);
        }
        """)),
    DiagnosticDocumentation(
      unusedParameter, summary: "a function parameter the body never reads",
      rationale: """
        The caller passes a value that changes nothing, often because the body compares the \
        wrong name. Firebase compiles it.
        """,
      example: .fragment(
        """
        function isOwner(⟦userId⟧) {
          return request.auth != null;
        }
        match /users/{userId} {
          allow read: if isOwner(userId);
        }
        """)),
    DiagnosticDocumentation(
      unknownMemberFunction, summary: "a method that the receiver's type does not have",
      rationale: """
        Firebase compiles it; at evaluation the call is an error (`Function not found error: \
        Name: [lenght].`), so the condition grants nothing.
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow read: if name.⟦lenght⟧() < 100;
        }
        """)),
    DiagnosticDocumentation(
      typeMismatch, summary: "an operation on values of types it does not accept",
      rationale: """
        Comparing or combining values of different types (`size < '5MB'`, `'a' + 1`, \
        `[1] + [2]`) is an error at evaluation (`Unsupported operation error.`), and `==` \
        between different types is simply false. The statement grants nothing.
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow create: if ⟦request.resource.size < '5MB'⟧;
        }
        """)),
    DiagnosticDocumentation(
      nonBooleanCondition, summary: "a condition that can never be a bool",
      rationale: """
        Only the value `true` grants access; a condition that is a string, number or map is \
        an error at evaluation (`Type error.`). Compare it with something.
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow read: if ⟦request.auth.uid⟧;
        }
        """)),
    DiagnosticDocumentation(
      invalidRegex, summary: "a matches() or split() pattern that does not compile",
      rationale: """
        A pattern written as a literal is compiled when the file is, and the compiler refuses \
        an invalid one (`Invalid regular expression pattern. Pattern: (.`).
        """,
      example: .fragment(
        """
        match /images/{name} {
          allow read: if name.matches('(.*[.]png⟦⟧');
        }
        """)),
    DiagnosticDocumentation(
      unsupportedRegex, summary: "a matches() or split() pattern uses a construct RE2 lacks",
      rationale: """
        Rules patterns are RE2: no backreferences, lookaround, atomic or possessive groups, \
        recursion or conditionals. The compiler refuses such a literal pattern.
        """,
      example: .fragment(
        """
        match /images/{name} {
          allow read: if name.matches('⟦(⟧?!tmp).*');
        }
        """)),
    DiagnosticDocumentation(
      unknownTypeName, summary: "an 'is' test against a type that does not exist",
      rationale: """
        The type names are `bool`, `int`, `float`, `number`, `string`, `bytes`, `list`, `map`, \
        `set`, `path`, `timestamp`, `duration`, `latlng`, `map_diff`, `constraint` and \
        `vector`; the compiler refuses another name \
        (`An unsupported type identifier was used with the 'is' operator.`). Test for null with \
        `== null`.
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow create: if request.resource.size is ⟦integer⟧;
        }
        """)),
    DiagnosticDocumentation(
      invalidReplacePattern, summary: "a replace() pattern that does not compile or RE2 lacks",
      rationale: """
        The compiler does not check `replace` patterns, so the file deploys, and the call fails \
        at evaluation, denying the statement.
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow read: if name.replace('(tmp⟦⟧', '') != '';
        }
        """)),
  ]
}
