/// Flags `allow` statements that let anyone download objects (and list folders without a
/// wildcard): no condition, or an always-true one. Lists of wildcard folders are RC311's.
struct PublicRead: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC302", name: "public-read", category: .security, defaultSeverity: .note,
    summary: "anyone can download these objects",
    rationale: """
      An `allow` without a condition, or with a condition that is always true, lets every \
      client on the internet download the objects (and, under version 2, list a folder whose \
      path has no wildcard, such as `public/`). That is right for public assets and wrong for \
      anything users upload. A note, not a warning: in real rules files nearly every such \
      statement serves deliberately public assets (logos, product images, shared media), \
      usually under a comment saying so, and someone who can download a file already knows \
      its name. Listing the folders of every user (or group, or document) is the finding that \
      tells an author something new; RC311 reports it at warning. Reported separately from \
      writes (RC301) so that a project with public folders can turn this rule off, or \
      suppress it on those folders, and keep the write and list checks.
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
    UnconditionalGrant.report(
      context, methods: [.get, .list], into: &report,
      granted: { UnconditionalGrant.wildcardFolder(of: $0, in: context) == nil ? $0.methods : [.get] })
  }
}
