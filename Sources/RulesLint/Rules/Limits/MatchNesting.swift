import RulesSyntax

/// Flags match blocks nested more than 10 deep.
struct MatchNesting: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC202", name: "match-nesting", category: .limits, defaultSeverity: .warning,
    summary: "match blocks are nested more than 10 deep",
    rationale: """
      Firebase documents a limit of 10 nested `match` blocks for rules (stated for Firestore; \
      rulescheck applies it to Storage as a warning, since the Storage pages do not say). \
      Spell several segments in one match path instead of one block per segment.
      """,
    examples: [
      .fails(Self.nested(11, marked: true)),
      .passes(Self.nested(10, marked: false)),
    ],
    limitations: "Only the first block past the limit on each branch is reported.")

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

  static let maximumDepth = 10

  func check(_ context: LintContext, report: inout RuleReport) {
    for match in context.matches where match.depth + 1 == Self.maximumDepth + 1 {
      report.report(
        "match blocks are nested \(match.depth + 1) deep here; Firebase allows at most \(Self.maximumDepth)",
        at: match.block.pattern.range)
    }
  }
}
