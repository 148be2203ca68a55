import RulesSyntax

/// Notes reads of `request.auth.uid` (or a token claim) with no earlier `request.auth != null`.
struct UnguardedAuthUID: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC104", name: "unguarded-auth-uid", category: .correctness, defaultSeverity: .note,
    summary: "request.auth.uid is read without checking request.auth != null",
    rationale: """
      For a signed-out client `request.auth` is null and `request.auth.uid` is an error. The \
      request is denied either way, so nothing leaks, but the rule then relies on an error \
      to deny, which is easy to break when the condition grows an `||`, and the simulator \
      and the console show an error instead of `false`. Write \
      `request.auth != null && request.auth.uid == userId`.
      """,
    examples: [
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow read: if ⟦request.auth.uid⟧ == userId;
        }
        """),
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow read: if ⟦request.auth.token.email_verified⟧ && request.auth.uid == userId;
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
        match /users/{userId}/{fileName} {
          function signedIn() {
            return request.auth != null;
          }
          allow read: if signedIn() && request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow read: if request.auth == null || request.auth.uid == userId;
        }
        """),
    ],
    limitations: """
      A guard is recognised on the left of `&&` (or as `request.auth == null ||`), directly or \
      in a function it calls; a check made in a different `allow` is not.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for (path, range) in context.authReads {
      report.report(
        "\(path) is an error when the user is signed out; check request.auth != null first", at: range)
    }
  }
}
