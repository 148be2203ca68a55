import RulesSyntax

/// Flags match paths that bind more than 20 wildcards.
struct TooManyWildcards: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC203", name: "too-many-wildcards", category: .limits, defaultSeverity: .error,
    summary: "a match path binds more than 20 wildcards",
    rationale: """
      Firebase's compiler accepts at most 20 capture variables along one path, `{bucket}` \
      included, and refuses the file beyond (`Maximum allowed amount of 20 match field \
      variables is reached.`): `firebase deploy` stops. Paths that deep are better matched with \
      a recursive wildcard `{rest=**}`.
      """,
    examples: [
      .fails(Self.path(21, marked: true)),
      .passes(Self.path(20, marked: false)),
    ],
    limitations: "Counts the wildcards of each full pattern, `{bucket}` included.", blocksDeploy: true)

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
        "this match path binds \(wildcards.count) wildcards; Firebase compiles at most \(Self.maximumWildcards) "
          + "(Maximum allowed amount of 20 match field variables is reached.)",
        at: culprit.nameRange ?? culprit.range)
    }
  }
}
