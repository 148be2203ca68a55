import RulesSemantics
import RulesSyntax

/// In a version 1 file, points at every place where declaring version 2 changes a decision.
struct Version2Changes: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC400", name: "version-2-changes", category: .migration, defaultSeverity: .note,
    summary: "declaring rules_version = '2' changes this decision",
    rationale: """
      Moving a file to version 2 (RC300) is safe only once these differences are reviewed:
      - `{path=**}` matches zero or more segments instead of one or more, so \
      `match /images/{rest=**}` starts to apply to an object named `images` itself;
      - `read` also grants `list`, so every `allow read` starts allowing clients to list the \
      folder (decisions are made on the folder's children);
      - `allow list`, refused under version 1 whatever the rules say (RS109), starts to grant.
      """,
    examples: [
      .fails(
        """
        match /images/⟦{rest=**}⟧ {
          allow ⟦read⟧: if request.auth != null;
        }
        """, version: .v1),
      .fails(
        """
        match /files/{fileName} {
          allow get, ⟦list⟧: if request.auth != null;
        }
        """, version: .v1),
      .passes(
        """
        match /images/{rest=**} {
          allow read: if request.auth != null;
        }
        """),
      .passes(
        """
        match /{allPaths=**} {
          allow get: if request.auth != null;
        }
        """, version: .v1),
    ],
    limitations: """
      Reported for every such place, whether or not a client makes the request that changes; \
      a recursive wildcard directly under the bucket root is not reported, since no object \
      has an empty name.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    guard context.version == .v1 else { return }
    for match in context.matches where match.block.pattern.segments.contains(where: \.isRecursive) {
      let pattern = match.fullPattern
      guard pattern.dropFirst(context.objectPathStart(pattern)).contains(where: { !$0.isRecursive }) else {
        continue
      }
      for segment in match.block.pattern.segments where segment.isRecursive {
        // The segment's range starts at its `/`; report the `{name=**}` itself.
        let glob = SourceRange(start: segment.range.start + 1, end: segment.range.end)
        report.report(
          "under rules_version 2 \(context.text(glob)) also matches zero segments, so this block starts to apply to \(context.patternText(pattern.lazy.filter { $0 != segment })) itself",
          at: glob)
      }
    }
    for allow in context.allows {
      for name in allow.statement.methods {
        switch name.method {
        case .read?:
          report.report("under rules_version 2 'read' also grants list", at: name.range)
        case .list?:
          report.report("under rules_version 2 this 'list' starts to grant list requests", at: name.range)
        default:
          continue
        }
      }
    }
  }
}
