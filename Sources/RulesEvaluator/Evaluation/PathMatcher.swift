import RulesSemantics
import RulesSyntax

/// A full match pattern prepared for matching request paths (decisions.md §5–8).
struct CompiledPattern: Sendable {
  enum Segment: Sendable {
    case literal(String)
    case single(String)
    case recursive
  }

  let segments: [Segment]
  /// The position of the recursive wildcard, if any.
  let globIndex: Int?
  /// How many segments the recursive wildcard must take at least: 1 in version 1, 0 in 2.
  let minimumGlob: Int

  init(_ pattern: [PathSegment], version: RulesVersion) {
    segments = pattern.map { segment in
      switch segment.kind {
      case .literal(let text): .literal(text)
      case .wildcard(let name): .single(name)
      case .recursiveWildcard: .recursive
      }
    }
    globIndex = segments.firstIndex { if case .recursive = $0 { true } else { false } }
    minimumGlob = version == .v1 ? 1 : 0
  }

  /// The wildcard values when the pattern covers `path` exactly, else nil. With
  /// `hypotheticalChild`, the last element of `path` stands for any single segment: a literal
  /// never matches it, a `{x}` over it is unbound (reading it is an error), and a recursive
  /// wildcard covering it binds the path without it.
  func match(_ path: [String], hypotheticalChild: Bool) -> [Value]? {
    let count = path.count
    var bindings: [Value] = []
    func segmentMatches(_ segment: Segment, _ index: Int) -> Bool {
      let isChild = hypotheticalChild && index == count - 1
      switch segment {
      case .literal(let text):
        return !isChild && JavaString.equal(path[index], text)
      case .single(let name):
        bindings.append(isChild ? .error(.unboundListChild(name)) : .string(path[index]))
        return true
      case .recursive:
        return false
      }
    }
    guard let glob = globIndex else {
      guard segments.count == count else { return nil }
      for index in 0..<count where !segmentMatches(segments[index], index) { return nil }
      return bindings
    }
    let after = segments.count - glob - 1
    let globLength = count - glob - after
    guard globLength >= minimumGlob else { return nil }
    for index in 0..<glob where !segmentMatches(segments[index], index) { return nil }
    var covered = Array(path[glob..<(glob + globLength)])
    if hypotheticalChild && after == 0 && !covered.isEmpty { covered.removeLast() }
    bindings.append(.path(PathValue(segments: covered)))
    for offset in 0..<after where !segmentMatches(segments[glob + 1 + offset], glob + globLength + offset) {
      return nil
    }
    return bindings
  }
}
