import RulesSyntax

/// Flags create-only statements that read `resource.…` without checking it for null.
struct ResourceInCreate: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC102", name: "resource-in-create", category: .correctness, defaultSeverity: .warning,
    summary: "a create condition reads resource without a null check",
    rationale: """
      In a `create`, `resource` is the object already stored under the name, and null for a \
      new name. Reading `resource.metadata` or `resource.size` is then an error, so the \
      statement denies every upload of a new file, which is rarely the intent. The new \
      object is `request.resource`; if the condition is about overwrites, test \
      `resource == null || …` first.
      """,
    examples: [
      .fails(
        """
        match /docs/{fileName} {
          allow create: if ⟦resource.metadata.owner⟧ == request.auth.uid;
        }
        """),
      .fails(
        """
        match /docs/{fileName} {
          allow create: if request.auth != null && ⟦resource['size']⟧ < 1024;
        }
        """),
      .passes(
        """
        match /docs/{fileName} {
          allow create: if resource == null || resource.metadata.owner == request.auth.uid;
        }
        """),
      .passes(
        """
        match /docs/{fileName} {
          allow create: if request.resource.size < 1024 * 1024;
          allow update: if resource.metadata.owner == request.auth.uid;
        }
        """),
    ],
    limitations: """
      Only statements that grant nothing but `create` are checked. Any comparison of \
      `resource` with null anywhere in the condition counts as a check.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows where allow.methods == [.create] {
      guard allow.condition != nil else { continue }
      let facts = context.facts(for: allow)
      let guarded = facts.comparisons.contains { comparison in
        guard comparison.op == .equal || comparison.op == .notEqual else { return false }
        return comparison.leftPath?.equals("resource") == true
          && context.isNull(comparison.right, comparison.bindings)
          || comparison.rightPath?.equals("resource") == true
            && context.isNull(comparison.left, comparison.bindings)
      }
      guard !guarded else { continue }
      for (path, range) in facts.outermostAccesses
      where path.root == .global("resource") && !path.members.isEmpty {
        report.report(
          "'\(path)' is an error when no object exists yet (resource is null for a new name), so this denies new uploads; check resource == null first or read request.resource",
          at: range)
      }
    }
  }
}
