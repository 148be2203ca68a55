/// Reports suppression comments that suppress nothing, or name no rule: every directive form,
/// with codes or without.
///
/// The findings come from the suppression pass of ``LintRunner``, which runs after every
/// other rule; this type carries the documentation and examples.
struct UnusedSuppression: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC900", name: "unused-suppression", category: .suppression, defaultSeverity: .warning,
    summary: "a suppression comment suppresses nothing",
    rationale: """
      `// rulescheck:disable-next-line CODE -- reason` silences one finding; once the code is \
      fixed, the comment stays and would silence the next, unrelated finding of that rule on \
      that line. Reporting suppressions that suppress nothing (and codes that name no rule) \
      keeps them honest. Remove the comment, or correct the code.

      Every form is checked: `disable-next-line`, `disable-line` and `disable-file`, with \
      codes or names, or with none (which silences everything there and is stale when there \
      is nothing to silence). Only a directive that names RC900 (or `unused-suppression`) \
      silences an RC900 finding, and never the one about itself, so a `disable-file` without \
      codes cannot hide its own staleness.
      """,
    examples: [
      .fails(
        """
        match /files/{fileName} {
          // rulescheck:disable-next-line ⟦RC302⟧ -- public downloads
          allow read: if request.auth != null;
        }
        """),
      .fails(
        """
        match /files/{fileName} {
          allow read: if request.auth != null; // rulescheck:disable-line ⟦RC999⟧
        }
        """),
      .fails(
        """
        match /files/{fileName} {
          // ⟦rulescheck:disable-nextline⟧ RC302
          allow read;
        }
        """),
      .fails(
        """
        // ⟦rulescheck:disable-file⟧ -- nothing to silence
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{fileName} {
              allow read: if request.auth != null;
            }
          }
        }
        """),
      .fails(
        """
        match /files/{fileName} {
          // ⟦rulescheck:disable-next-line⟧
          allow read: if request.auth != null;
          allow get: if request.auth != null; /* ⟦rulescheck:disable-line⟧ */
        }
        """),
      .passes(
        """
        match /files/{fileName} {
          // rulescheck:disable-next-line RC302 -- public downloads
          allow read;
          allow get; // rulescheck:disable-line
        }
        """),
      .passes(
        """
        // rulescheck:disable-file public-read -- a bucket of public assets
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{fileName} {
              allow read;
            }
          }
        }
        """),
    ],
    limitations: """
      A directive naming a rule that configuration turns off is not reported. A directive \
      without codes never silences RC900, even about other directives; name RC900 to do that.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {}
}
