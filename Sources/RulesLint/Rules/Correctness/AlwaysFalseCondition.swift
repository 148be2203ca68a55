import RulesSyntax

/// Flags conditions that can never be true, unless written as the literal `false`.
struct AlwaysFalseCondition: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC105", name: "always-false-condition", category: .correctness,
    defaultSeverity: .warning,
    summary: "condition is always false",
    rationale: """
      A condition such as `request.auth != null && false`, `1 > 2` or a call of a function \
      that always returns `false` can never grant anything, which is usually a leftover from \
      debugging or a mistake in a helper. If denying is the intent, say so with \
      `allow …: if false;` (which this rule accepts), or remove the statement.
      """,
    examples: [
      .fails(
        """
        match /files/{fileName} {
          allow write: if ⟦request.auth != null && false⟧;
        }
        """),
      .fails(
        """
        match /files/{fileName} {
          function isEnabled() {
            return 'on' == 'off';
          }
          allow read: if ⟦isEnabled()⟧;
        }
        """),
      .passes(
        """
        match /files/{fileName} {
          allow write: if false;
        }
        """),
      .passes(
        """
        match /files/{fileName} {
          allow read: if request.auth != null;
        }
        """),
    ],
    limitations: """
      Only constant conditions are found: `request.auth == null && request.auth != null` is \
      never true but not reported.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows {
      guard let condition = allow.condition, context.constantBool(condition) == false else { continue }
      if case .bool(false) = condition.kind { continue }
      report.report("condition is always false: this allow never grants anything", at: condition.range)
    }
  }
}
