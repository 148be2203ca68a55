import RulesSyntax

/// Flags match blocks nested deeper than Firebase's compiler accepts.
struct MatchNesting: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC202", name: "match-nesting", category: .limits, defaultSeverity: .error,
    summary: "match blocks are nested deeper than Firebase compiles",
    rationale: """
      Firebase documents a limit of 10 nested `match` blocks. Its compiler accepts 11 blocks \
      counting `match /b/{bucket}/o`, and refuses the file from the 12th on with \
      `Maximum allowed resource rule depth of 10 is reached.`: `firebase deploy` stops. Spell \
      several segments in one match path instead of one block per segment.
      """,
    examples: [
      .fails(Self.nested(12, marked: true)),
      .passes(Self.nested(11, marked: false)),
    ],
    limitations: "Only the first block past the limit on each branch is reported.", blocksDeploy: true)

  /// `count` nested blocks, counting `match /b/{bucket}/o` as the first.
  static func nested(_ count: Int, marked: Bool) -> String {
    var lines: [String] = []
    for level in 2...count {
      let indent = String(repeating: "  ", count: level - 2)
      let path = "/d\(level)"
      lines.append(indent + "match " + (marked && level == count ? "⟦\(path)⟧" : path) + " {")
    }
    lines.append(String(repeating: "  ", count: count - 1) + "allow read: if request.auth != null;")
    for level in stride(from: count, through: 2, by: -1) {
      lines.append(String(repeating: "  ", count: level - 2) + "}")
    }
    return lines.joined(separator: "\n")
  }

  /// Blocks the compiler accepts on one branch, `match /b/{bucket}/o` included.
  static let maximumBlocks = 11

  func check(_ context: LintContext, report: inout RuleReport) {
    for match in context.matches where match.depth + 1 == Self.maximumBlocks + 1 {
      report.report(
        "match blocks are nested \(match.depth + 1) deep here; Firebase compiles at most \(Self.maximumBlocks) "
          + "(Maximum allowed resource rule depth of 10 is reached.)",
        at: match.block.pattern.range)
    }
  }
}
