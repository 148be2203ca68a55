import RulesSemantics
import RulesSyntax

/// Flags `list` conditions that read the wildcard standing for the files being listed.
struct ListReadsChildWildcard: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC101", name: "list-reads-child-wildcard", category: .correctness,
    defaultSeverity: .warning,
    summary: "a list condition reads the wildcard of the files being listed",
    rationale: """
      `match /files/{userId}/{fileName} { allow list: … }` decides listing the folder \
      `files/<userId>`. During a list, `{fileName}` stands for the files inside, which the \
      request does not name: the wildcard is unbound and reading it is an error, so the \
      condition can never grant `list`. Use the folder's wildcards (`userId`) only.
      """,
    examples: [
      .fails(
        """
        match /files/{userId}/{fileName} {
          allow list: if ⟦fileName⟧.matches('.*[.]pdf');
        }
        """),
      .fails(
        """
        match /files/{userId}/{fileName} {
          function isPublic(name) {
            return name.matches('public-.*');
          }
          allow get, list: if request.auth.uid == userId || isPublic(⟦fileName⟧);
        }
        """),
      .passes(
        """
        match /files/{userId}/{fileName} {
          allow list: if request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /files/{userId}/{fileName} {
          allow get: if fileName.matches('.*[.]pdf');
        }
        """),
    ],
    limitations: """
      Only `list` named explicitly is checked: under version 2 `read` also grants `list`, and \
      a `read` condition that reads the file name is usually meant for `get`.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows where allow.statement.methods.contains(where: { $0.method == .list }) {
      guard let child = allow.lastWildcard?.variableName, allow.condition != nil else { continue }
      for (path, range) in context.facts(for: allow).outermostAccesses where path.root == .wildcard(child) {
        guard range.start >= allow.range.start, range.end <= allow.range.end else { continue }
        report.report(
          "'\(child)' is unbound during a list (it stands for the files being listed): reading it is an error, so this never grants list",
          at: range)
      }
    }
  }
}
