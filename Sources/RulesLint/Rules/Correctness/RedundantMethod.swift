import RulesSemantics
import RulesSyntax

/// Flags methods listed twice in one `allow`, or already covered by another listed method.
struct RedundantMethod: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC106", name: "redundant-method", category: .correctness, defaultSeverity: .warning,
    summary: "a method is repeated or already covered by another in the same allow",
    rationale: """
      `read` already grants `get` (and `list` under version 2), and `write` grants `create`, \
      `update` and `delete`, so `allow read, get` or `allow write, create` lists a method \
      twice. It is harmless, but it suggests the author expected the narrower method to add \
      a restriction, which it cannot. The fix removes the redundant name.
      """,
    examples: [
      .fails(
        """
        match /files/{fileName} {
          allow read, ⟦get⟧: if request.auth != null;
        }
        """,
        fixed: """
          match /files/{fileName} {
            allow read: if request.auth != null;
          }
          """),
      .fails(
        """
        match /files/{fileName} {
          allow ⟦create⟧, write, ⟦write⟧: if request.auth != null;
        }
        """,
        fixed: """
          match /files/{fileName} {
            allow write: if request.auth != null;
          }
          """),
      .passes(
        """
        match /files/{fileName} {
          allow get, list: if request.auth != null;
        }
        """),
    ],
    limitations: "Overlaps between different `allow` statements are not reported.",
    fixable: true)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows {
      let names = allow.statement.methods
      let granted = names.map { $0.method?.requestMethods(in: context.version) ?? [] }
      for index in names.indices where names[index].method != nil {
        let covering = names.indices.first { other in
          guard other != index, names[other].method != nil, granted[other].isSuperset(of: granted[index])
          else {
            return false
          }
          return granted[other] != granted[index] || other < index
        }
        guard let covering else { continue }
        let name = names[index]
        let message =
          names[covering].name == name.name
          ? "'\(name.name)' is listed twice"
          : "'\(name.name)' is already granted by '\(names[covering].name)'"
        let removal =
          index > 0
          ? SourceRange(start: names[index - 1].range.end, end: name.range.end)
          : SourceRange(start: name.range.start, end: names[1].range.start)
        report.report(
          message, at: name.range,
          fix: Fix("remove '\(name.name)'", edits: [TextEdit(range: removal, replacement: "")]))
      }
    }
  }
}
