import RulesSemantics
import RulesSyntax

/// Flags `allow` statements that grant writes to anyone: no condition, or an always-true one.
struct PublicWrite: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC301", name: "public-write", category: .security, defaultSeverity: .error,
    summary: "anyone can create, update or delete these objects",
    rationale: """
      An `allow` without a condition, or with a condition that is always true (`if true`, \
      `if x || true`, a function that returns `true`), grants the methods to every client on \
      the internet, signed in or not. For writes this means anyone can upload, overwrite and \
      delete files and run up storage and bandwidth costs. Require at least \
      `request.auth != null`, and usually an owner check such as \
      `request.auth.uid == userId`.
      """,
    examples: [
      .fails(
        """
        match /uploads/{fileName} {
          allow ⟦write⟧;
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
        match /uploads/{fileName} {
          allow create: if request.auth != null || ⟦true⟧;
        }
        """),
      .fails(
        """
        match /uploads/{fileName} {
          function open() {
            return true;
          }
          allow ⟦create, delete⟧;
          allow update: if ⟦open()⟧;
        }
        """),
      .passes(
        """
        match /uploads/{userId}/{fileName} {
          allow write: if request.auth != null && request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /public/{fileName} {
          allow read;
        }
        """),
    ],
    limitations: """
      Only conditions that are constant are found: `request.auth == null || request.auth != null` \
      is always true but not reported.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    UnconditionalGrant.report(context, methods: [.create, .update, .delete], into: &report)
  }
}
