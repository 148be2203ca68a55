import RulesSyntax

/// Flags user ids and email addresses written into conditions.
struct HardCodedIdentity: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC309", name: "hard-coded-identity", category: .security, defaultSeverity: .warning,
    summary: "a user id or email is hard-coded in a condition",
    rationale: """
      `request.auth.uid == 'Xq3hZ1pP0aY8'` or `request.auth.token.email in ['a@example.com']` \
      ties access to accounts named in the rules: every change needs a deploy, a deleted or \
      re-created account keeps or loses access silently, and the ids are visible to anyone \
      who can read the rules. Grant roles with a custom claim (`request.auth.token.admin == \
      true`, set with the Admin SDK) or a Firestore document instead.
      """,
    examples: [
      .fails(
        """
        match /admin/{fileName} {
          allow write: if request.auth.uid == ⟦'Xq3hZ1pP0aY8'⟧;
        }
        """),
      .fails(
        """
        match /admin/{fileName} {
          allow write: if request.auth.token.email in [⟦'a@example.com'⟧, ⟦'b@example.com'⟧];
        }
        """),
      .fails(
        """
        match /admin/{fileName} {
          function isUser(id) {
            return request.auth != null && request.auth.uid == id;
          }
          allow read: if isUser(⟦"alice"⟧);
        }
        """),
      .passes(
        """
        match /admin/{fileName} {
          allow write: if request.auth.token.admin == true;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow write: if request.auth.uid == userId
            && request.auth.token.email.matches('.*@example[.]com');
        }
        """),
    ],
    limitations: """
      Only strings compared with `==`, `!=` or `in` against `request.auth.uid`, \
      `request.auth.token.sub`, `request.auth.token.email` or \
      `request.auth.token.phone_number` are found.
      """)

  private static let identityClaims: Set<String> = ["sub", "email", "phone_number"]

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows {
      for comparison in context.facts(for: allow).comparisons {
        switch comparison.op {
        case .equal, .notEqual:
          if let identity = identity(comparison.leftPath) {
            reportLiteral(comparison.right, comparison.bindings, identity, context, &report)
          }
          if let identity = identity(comparison.rightPath) {
            reportLiteral(comparison.left, comparison.bindings, identity, context, &report)
          }
        case .membership:
          guard let identity = identity(comparison.leftPath) else { continue }
          let (list, bindings) = context.dereference(comparison.right, comparison.bindings)
          guard case .list(let elements) = list.kind else { continue }
          for element in elements { reportLiteral(element, bindings, identity, context, &report) }
        default:
          continue
        }
      }
    }
  }

  /// "user id" or "email" when `expression` reads one of the caller's identities.
  private func identity(_ path: AccessPath?) -> String? {
    guard let path else { return nil }
    if path.equals("request", "auth", "uid") { return "user id" }
    guard path.starts(with: "request", "auth", "token"), path.members.count == 3,
      Self.identityClaims.contains(path.members[2])
    else { return nil }
    return path.members[2] == "sub" ? "user id" : path.members[2].replacingOccurrences(of: "_", with: " ")
  }

  private func reportLiteral(
    _ expression: Expression, _ bindings: Bindings, _ identity: String, _ context: LintContext,
    _ report: inout RuleReport
  ) {
    let (literal, _) = context.dereference(expression, bindings)
    guard case .string(let value) = literal.kind, !value.isEmpty else { return }
    report.report(
      "hard-coded \(identity) '\(value)': grant access with a custom claim or a Firestore role instead",
      at: literal.range)
  }
}
