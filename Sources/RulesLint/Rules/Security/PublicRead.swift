/// Flags `allow` statements that grant reads to anyone: no condition, or an always-true one.
struct PublicRead: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC302", name: "public-read", category: .security, defaultSeverity: .warning,
    summary: "anyone can download or list these objects",
    rationale: """
      An `allow` without a condition, or with a condition that is always true, lets every \
      client on the internet download (and, under version 2, list) the objects. That is right \
      for public assets and wrong for anything users upload. Reported separately from writes \
      (RC301) so that a project with deliberately public folders can turn this rule off, or \
      suppress it on those folders, and keep the write check.
      """,
    examples: [
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow ⟦read⟧;
        }
        """),
      .fails(
        """
        match /{allPaths=**} {
          allow read, write: if ⟦true⟧;
        }
        """),
      .fails(
        """
        match /files/{fileName} {
          allow get: if request.auth.uid == 'x' || ⟦1 == 1⟧;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow read: if request.auth != null && request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /uploads/{fileName} {
          allow write;
        }
        """),
    ],
    limitations: "Intentionally public folders are reported too; suppress the finding there.")

  func check(_ context: LintContext, report: inout RuleReport) {
    UnconditionalGrant.report(context, methods: [.get, .list], into: &report)
  }
}
