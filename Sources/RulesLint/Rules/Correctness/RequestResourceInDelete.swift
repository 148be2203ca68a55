import RulesSyntax

/// Flags delete-only statements that read fields of `request.resource`, which is null there.
struct RequestResourceInDelete: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC103", name: "request-resource-in-delete", category: .correctness,
    defaultSeverity: .warning,
    summary: "a delete condition reads request.resource, which is always null",
    rationale: """
      A delete sends no new object, so `request.resource` is null and reading \
      `request.resource.metadata` or `.size` is an error: the statement never grants \
      `delete`. The object being deleted is `resource`.
      """,
    examples: [
      .fails(
        """
        match /files/{fileName} {
          allow delete: if ⟦request.resource.metadata.owner⟧ == request.auth.uid;
        }
        """),
      .passes(
        """
        match /files/{fileName} {
          allow delete: if resource.metadata.owner == request.auth.uid;
        }
        """),
      .passes(
        """
        match /files/{fileName} {
          allow create: if request.resource.size < 1024;
        }
        """),
    ],
    limitations: """
      Only statements that grant nothing but `delete` are checked; `write` statements that \
      read `request.resource` also deny deletes, but are usually meant for uploads.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows where allow.methods == [.delete] {
      for (path, range) in context.facts(for: allow).outermostAccesses
      where path.starts(with: "request", "resource") && path.members.count > 1 {
        report.report(
          "request.resource is null for a delete, so '\(path)' is an error and this never grants delete; the stored object is resource",
          at: range)
      }
    }
  }
}
