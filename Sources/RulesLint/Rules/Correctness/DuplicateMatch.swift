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
    // Full patterns as paths in a trie of segments, each block's extending its parent's: equal
    // patterns end at the same node, found in time linear in the blocks' own segments.
    var nodes: [Edge: Int] = [:]
    var nodeOfMatch: [Int] = []
    var first: [Int: Int] = [:]
    // Sized once (at most one node per segment, one per block): rehashing as they grow cost
    // more than the look-ups on a large file.
    nodes.reserveCapacity(context.matches.reduce(0) { $0 + $1.block.pattern.segments.count })
    nodeOfMatch.reserveCapacity(context.matches.count)
    first.reserveCapacity(context.matches.count)
    for (index, match) in context.matches.enumerated() {
      var node = match.parent.map { nodeOfMatch[$0] } ?? 0
      for segment in match.block.pattern.segments {
        let edge = Edge(from: node, segment: Step(segment))
        if let next = nodes[edge] {
          node = next
        } else {
          node = nodes.count + 1
          nodes[edge] = node
        }
      }
      nodeOfMatch.append(node)
      guard let earlier = first[node] else {
        first[node] = index
        continue
      }
      let previous = context.matches[earlier].block
      let line = context.source.lineIndex.line(of: previous.keywordRange.start)
      report.report(
        "match \(context.patternText(match.fullPattern)) covers the same paths as the block on line \(line); both are evaluated, so merge them",
        at: match.block.pattern.range,
        notes: [DiagnosticNote("first declared here", range: previous.pattern.range)])
    }
  }

  /// One step in the trie of full patterns: wildcards match alike whatever their names.
  private enum Step: Hashable {
    case literal(String)
    case wildcard
    case recursiveWildcard

    init(_ segment: PathSegment) {
      switch segment.kind {
      case .literal(let text): self = .literal(text)
      case .wildcard: self = .wildcard
      case .recursiveWildcard: self = .recursiveWildcard
      }
    }
  }

  private struct Edge: Hashable {
    let from: Int
    let segment: Step
  }
}
