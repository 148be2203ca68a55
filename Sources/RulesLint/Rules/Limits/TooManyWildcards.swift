import RulesSyntax

/// Flags match paths that bind more than 20 wildcards.
struct TooManyWildcards: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC203", name: "too-many-wildcards", category: .limits, defaultSeverity: .warning,
    summary: "a match path binds more than 20 wildcards",
    rationale: """
      Firebase documents a limit of 20 capture variables within nested matches (stated for \
      Firestore; rulescheck applies it to Storage as a warning). Paths that deep are better \
      matched with a recursive wildcard `{rest=**}`.
      """,
    examples: [
      .fails(Self.path(21, marked: true)),
      .passes(Self.path(20, marked: false)),
    ],
    limitations: "Counts the wildcards of each full pattern, `{bucket}` included.")

  static let maximumWildcards = 20

  /// A block whose full pattern binds `count` wildcards, `{bucket}` included.
  static func path(_ count: Int, marked: Bool) -> String {
    let segments = (2...count).map { index in
      marked && index == count ? "/{⟦w\(index)⟧}" : "/{w\(index)}"
    }
    return "match \(segments.joined()) {\n  allow read: if request.auth != null;\n}"
  }

  func check(_ context: LintContext, report: inout RuleReport) {
    for match in context.matches {
      let wildcards = match.fullPattern.filter { $0.variableName != nil }
      guard wildcards.count > Self.maximumWildcards else { continue }
      let culprit = wildcards[Self.maximumWildcards]
      guard match.block.pattern.segments.contains(culprit) else { continue }
      report.report(
        "this match path binds \(wildcards.count) wildcards; Firebase allows at most \(Self.maximumWildcards)",
        at: culprit.nameRange ?? culprit.range)
    }
  }
}
