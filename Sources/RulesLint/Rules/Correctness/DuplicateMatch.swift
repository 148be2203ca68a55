import RulesSyntax

/// Flags match blocks whose full pattern repeats an earlier block's.
struct DuplicateMatch: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC107", name: "duplicate-match", category: .correctness, defaultSeverity: .warning,
    summary: "two match blocks cover the same paths",
    rationale: """
      When two blocks have the same full pattern (wildcard names aside), both are evaluated \
      for every request and access is the union of both. Readers who find one block rarely \
      look for the other, so a restriction added to one is undone by the other. Merge them.
      """,
    examples: [
      .fails(
        """
        match /images/{imageId} {
          allow read: if request.auth != null;
        }
        match ⟦/images/{id}⟧ {
          allow write: if request.auth != null && request.resource.size < 1024;
        }
        """),
      .fails(
        """
        match /users/{userId} {
          match /{fileName} {
            allow read: if request.auth.uid == userId;
          }
        }
        match ⟦/users/{uid}/{name}⟧ {
          allow delete: if request.auth.uid == uid;
        }
        """),
      .passes(
        """
        match /images/{imageId} {
          allow read: if request.auth != null;
        }
        match /videos/{videoId} {
          allow read: if request.auth != null;
        }
        """),
    ],
    limitations: """
      Only identical patterns are reported, not blocks whose patterns merely overlap (such as \
      `/{path=**}` and `/images/{id}`).
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    var first: [String: Int] = [:]
    for (index, match) in context.matches.enumerated() {
      let key = match.fullPattern.map { segment in
        switch segment.kind {
        case .literal(let text): "/" + text
        case .wildcard: "/{}"
        case .recursiveWildcard: "/{**}"
        }
      }.joined()
      guard let earlier = first[key] else {
        first[key] = index
        continue
      }
      let previous = context.matches[earlier].block
      let line = context.source.lineIndex.location(of: previous.keywordRange.start).line
      report.report(
        "match \(context.patternText(match.fullPattern)) covers the same paths as the block on line \(line); both are evaluated, so merge them",
        at: match.block.pattern.range,
        notes: [DiagnosticNote("first declared here", range: previous.pattern.range)])
    }
  }
}
