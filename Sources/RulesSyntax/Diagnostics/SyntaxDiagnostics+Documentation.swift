extension SyntaxDiagnostics {
  /// The documentation of every parser diagnostic, in code order (``DiagnosticDocumentation``).
  ///
  /// All of them stop `firebase deploy`: Firebase's compiler refuses a file that does not
  /// parse, and `simulate`, `list` and `test` refuse it too.
  public static let documentation: [DiagnosticDocumentation] = [
    DiagnosticDocumentation(
      invalidUTF8, summary: "the file is not valid UTF-8",
      rationale: """
        Rules files are UTF-8 text. A file with an invalid byte (often a file saved as Latin-1 \
        or UTF-16) cannot be read as rules at all: `rulescheck lint` stops with exit 2 and names \
        the byte's offset. Save the file as UTF-8.
        """,
      example: .unavailable(
        "a snippet shown as text cannot hold invalid UTF-8; a file saved as Latin-1 with 'é' in it produces it"
      )),
    DiagnosticDocumentation(
      unexpectedCharacter, summary: "a character that starts no token",
      rationale: """
        Characters such as `#`, `@`, a NUL byte or a non-breaking space outside a string are not \
        part of the rules language, and Firebase's compiler refuses the file \
        (`token recognition error`). Comments are `//` and `/* … */`; remove or quote the \
        character.
        """,
      example: .fragment(
        """
        match /files/{name} {
          ⟦#⟧ public files
          allow read: if request.auth != null;
        }
        """)),
    DiagnosticDocumentation(
      unterminatedString, summary: "a string literal runs to the end of the line",
      rationale: """
        A string opened with `'` or `"` must close on the same line. The parser stops the string \
        at the end of the line and goes on, so later findings may be follow-ups of this one.
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow read: if name == ⟦'report.pdf⟧
            ;
        }
        """)),
    DiagnosticDocumentation(
      unterminatedComment, summary: "a block comment is never closed",
      rationale: """
        `/*` without `*/` comments out the rest of the file, so everything after it is lost and \
        the file no longer parses. Close the comment.
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow read: if request.auth != null;
          ⟦/*⟧ allow write: if false;
        }
        """)),
    DiagnosticDocumentation(
      invalidEscape, summary: "an escape sequence Firebase does not accept",
      rationale: """
        Firebase's string escapes are those of its own lexer, not JavaScript's: `'\\.'` is \
        refused (write `'\\\\.'` for a regular expression's literal dot, or `'[.]'`), and so are \
        `\\d`, `\\a`, `\\v`, `\\?`, `\\U`, short `\\x`, `\\u` or octal escapes, and `\\u` in \
        a bytes literal. The compiler refuses the file.
        """,
      example: .fragment(
        """
        match /images/{name} {
          allow read: if name.matches('.*⟦\\.⟧png');
        }
        """)),
    DiagnosticDocumentation(
      invalidNumber, summary: "a number literal Firebase does not accept",
      rationale: """
        Integer literals are decimal and fit in 64 bits; hexadecimal (`0x1F`), exponents (`1e3`) \
        and leading zeros (`010`) are refused by the compiler. Write the decimal value, e.g. \
        `5 * 1024 * 1024` for 5 MiB.
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow write: if request.resource.size < ⟦0x500000⟧;
        }
        """)),
    DiagnosticDocumentation(
      unexpectedToken, summary: "the parser expected something else here",
      rationale: """
        A token that does not fit the grammar: a missing method list (`allow;`), a missing brace \
        or parenthesis, a raw or triple-quoted string, `a/b` without a space after `/` in an \
        expression, and so on. The message says what was expected. The parser skips to the next \
        `;`, `}`, `match`, `allow` or `function` and goes on.
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow read: if request.auth != null ⟦)⟧;
        }
        """)),
    DiagnosticDocumentation(
      invalidMatchPath, summary: "a match path Firebase's compiler refuses",
      rationale: """
        Match paths are `/`-separated segments, each a literal or one whole `{wildcard}` \
        (`{name=**}` for a recursive one). `$`, empty segments (`//`), a wildcard sharing a \
        segment with text (`avatar.{ext}`) and an unclosed `{` are refused. Match the whole \
        segment and test it in the condition, e.g. `{file}` with `file.matches('avatar[.].*')`.
        """,
      example: .fragment(
        """
        match /avatars⟦/avatar.{ext}⟧ {
          allow read: if request.auth != null;
        }
        """)),
    DiagnosticDocumentation(
      javaScriptSyntax, summary: "syntax from JavaScript that the rules language does not have",
      rationale: """
        Rules look like JavaScript but are not: there is no `===`, `!==`, `?.`, `??`, `=>`, \
        `&&=`, single `&` or `|`, template literal, or `=` for comparison. The compiler refuses \
        the file; the message names the rules spelling (`==`, `!=`, `&&`, …).
        """,
      example: .fragment(
        """
        match /users/{userId}/{file} {
          allow read: if request.auth.uid ⟦===⟧ userId;
        }
        """)),
    DiagnosticDocumentation(
      nestingTooDeep, summary: "expressions or blocks nested more than 200 levels deep",
      rationale: """
        rulescheck's parser stops descending at 200 levels, so that no input can exhaust its \
        stack, and skips the rest of the statement. No hand-written file comes near this; a \
        generated one should be flattened.
        """,
      example: .unavailable(
        "it takes more than 200 nested parentheses or blocks, e.g. a condition of 201 '(' then 'true' then 201 ')'"
      )),
    DiagnosticDocumentation(
      tooManyErrors, summary: "more than 100 syntax errors: the rest are counted in one line",
      rationale: """
        After 100 syntax errors in one file the parser reports only how many more it found, so \
        that a file that is not rules at all (a JSON file, a binary) does not flood the output. \
        Fix the first errors; the rest are often follow-ups.
        """,
      example: .unavailable("it takes more than 100 syntax errors in one file, e.g. 101 lines of '#'")),
    DiagnosticDocumentation(
      missingIf, summary: "an allow condition without 'if'",
      rationale: """
        A condition follows `if`: `allow read: if cond;`. Without it the compiler refuses the \
        file (`Missing 'if' before conditional expression.`).
        """,
      example: .fragment(
        """
        match /files/{name} {
          allow read: ⟦request⟧.auth != null;
        }
        """)),
    DiagnosticDocumentation(
      missingSemicolon, summary: "a let binding without ';'",
      rationale: """
        Inside a function each `let` binding ends with `;` (`Let assignment statements must be \
        separated by semicolons`); the compiler refuses the file otherwise \
        (`missing ';' at 'return'`).
        """,
      example: .fragment(
        """
        function isOwner(userId) {
          let uid = request.auth.uid⟦⟧
          return uid == userId;
        }
        match /users/{userId} {
          allow read: if isOwner(userId);
        }
        """)),
    DiagnosticDocumentation(
      byteOrderMark, summary: "the file starts with a UTF-8 byte order mark",
      rationale: """
        Some editors on Windows save UTF-8 with the bytes EF BB BF in front. firebase-tools \
        uploads the file as it is and the compiler refuses it (`token recognition error at: \
        '\\uFEFF'`). rulescheck reads the rest of the file as usual and `lint --fix` removes \
        the mark.
        """,
      example: .unavailable(
        "a byte order mark is invisible in a snippet: it is the bytes EF BB BF at the very start of the file"),
      fix: .safe("removing the mark changes no other byte, so every decision stays the same")),
  ]
}
