import RulesSemantics
import RulesSyntax

/// Notes folder wildcards that no condition or function in their block ever reads.
struct UnusedWildcard: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC108", name: "unused-wildcard", category: .correctness, defaultSeverity: .note,
    summary: "a folder wildcard is never read",
    rationale: """
      A wildcard in the middle of a path, such as `{userId}` in \
      `/users/{userId}/{fileName}`, usually exists to be checked: an unused one often means a \
      missing `request.auth.uid == userId`. The file-name wildcard that ends a block with \
      `allow` statements and the `{bucket}` of `/b/{bucket}/o` are exempt, since a pattern \
      needs them to match at all.
      """,
    examples: [
      .fails(
        """
        match /users/{⟦userId⟧}/{fileName} {
          allow read: if request.auth != null;
        }
        """),
      .fails(
        """
        match /teams/{⟦teamId⟧} {
          match /{fileName} {
            allow read: if request.auth != null;
          }
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow read: if request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /public/{fileName} {
          allow read;
        }
        """),
    ],
    limitations: """
      Off unless enabled in `.rulescheck.yml` (`unused-wildcard: on`): public rules files \
      often name folders with wildcards they never need to read. A wildcard that is only \
      meant to document the path is reported too.
      """,
    enabledByDefault: false)

  func check(_ context: LintContext, report: inout RuleReport) {
    // Where each wildcard name is read, in offset order, searched by bisection.
    var used: [String: [Int]] = [:]
    for (offset, name) in context.ruleset.resolution.names {
      if case .wildcard(let wildcard) = name { used[wildcard, default: []].append(offset) }
    }
    for name in used.keys { used[name]?.sort() }
    for match in context.matches {
      let block = match.block
      let end = block.body.map(\.range.end).max() ?? block.pattern.range.end
      let hasAllows = block.body.contains { if case .allow = $0.kind { true } else { false } }
      let inherited = match.fullPattern.count - block.pattern.segments.count
      let hasBucketRoot = context.objectPathStart(match.fullPattern) == 3
      for (position, segment) in block.pattern.segments.enumerated() {
        guard let name = segment.variableName, !name.isEmpty else { continue }
        if position == block.pattern.segments.count - 1 && hasAllows { continue }
        if hasBucketRoot && inherited + position == 1 { continue }
        let offsets = used[name] ?? []
        let first = offsets.partitioningIndex(where: { $0 >= block.pattern.range.end })
        guard first == offsets.count || offsets[first] >= end else { continue }
        report.report(
          "wildcard '\(name)' is never read; if the folder belongs to someone, compare it with request.auth.uid",
          at: segment.nameRange ?? segment.range)
      }
    }
  }
}

extension Array {
  /// The index of the first element satisfying `predicate`, which must be false for a prefix
  /// and true for the rest (binary search).
  fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
