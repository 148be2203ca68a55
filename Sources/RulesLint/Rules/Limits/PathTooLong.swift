import RulesSyntax

/// Flags match paths longer than the 100 segments Firebase's compiler accepts.
struct PathTooLong: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC204", name: "path-too-long", category: .limits, defaultSeverity: .error,
    summary: "a match path has more than 100 segments",
    rationale: """
      Firebase's compiler accepts full match paths of at most 100 segments, `b`, `{bucket}` \\
      and `o` included, and refuses the file beyond (`Maximum allowed path length of 100 is \\
      reached.`): `firebase deploy` stops. Match deep trees with a recursive wildcard \\
      `{rest=**}` and test the rest in the condition.
      """,
    examples: [
      .fails(Self.path(101, marked: true)),
      .passes(Self.path(100, marked: false)),
    ],
    limitations: "Reported once per block, at its first segment past the limit.", blocksDeploy: true)

  static let maximumSegments = 100

  /// A block whose full pattern has `count` segments, `/b/{bucket}/o` included.
  static func path(_ count: Int, marked: Bool) -> String {
    let segments = (4...count).map { index in
      marked && index == count ? "⟦/s\(index)⟧" : "/s\(index)"
    }
    return "match \(segments.joined()) {\n  allow read: if request.auth != null;\n}"
  }

  func check(_ context: LintContext, report: inout RuleReport) {
    for match in context.matches where match.fullPattern.count > Self.maximumSegments {
      let culprit = match.fullPattern[Self.maximumSegments]
      guard match.block.pattern.segments.contains(culprit) else { continue }
      report.report(
        "this match path has \(match.fullPattern.count) segments; Firebase compiles at most "
          + "\(Self.maximumSegments) (Maximum allowed path length of 100 is reached.)",
        at: culprit.range)
    }
  }
}
