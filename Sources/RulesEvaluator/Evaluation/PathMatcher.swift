import RulesSemantics
import RulesSyntax

/// A full match pattern prepared for matching request paths (decisions.md §5–8).
///
/// A class, so that deciding holds the matched block's pattern without copying it.
final class CompiledPattern: Sendable {
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
  /// The positions in ``segments`` of the wildcards (single and recursive), by slot.
  let wildcardSegments: [Int]

  init(_ pattern: [PathSegment], version: RulesVersion) {
    let segments = pattern.map { segment -> Segment in
      switch segment.kind {
      case .literal(let text): .literal(text)
      case .wildcard(let name): .single(name)
      case .recursiveWildcard: .recursive
      }
    }
    self.segments = segments
    globIndex = segments.firstIndex { if case .recursive = $0 { true } else { false } }
    minimumGlob = version == .v1 ? 1 : 0
    wildcardSegments = segments.indices.filter { if case .literal = segments[$0] { false } else { true } }
  }

  /// Whether the pattern covers `path` exactly, found without building anything. With
  /// `hypotheticalChild`, the last element of `path` stands for any single segment: a literal
  /// never matches it, a `{x}` over it is unbound (reading it is an error), and a recursive
  /// wildcard covering it binds the path without it (``binding(_:_:hypotheticalChild:)``).
  func covers(_ path: [String], hypotheticalChild: Bool) -> Bool {
    let count = path.count
    @inline(__always)
    func literalMatches(_ segment: Segment, _ index: Int) -> Bool {
      guard case .literal(let text) = segment else { return true }
      return !(hypotheticalChild && index == count - 1) && JavaString.equal(path[index], text)
    }
    guard let glob = globIndex else {
      guard segments.count == count else { return false }
      for index in 0..<count where !literalMatches(segments[index], index) { return false }
      return true
    }
    let after = segments.count - glob - 1
    let globLength = count - glob - after
    guard globLength >= minimumGlob else { return false }
    for index in 0..<glob where !literalMatches(segments[index], index) { return false }
    for offset in 0..<after where !literalMatches(segments[glob + 1 + offset], glob + globLength + offset) {
      return false
    }
    return true
  }

  /// The wildcard values of a pattern that covers `path` (``covers(_:hypotheticalChild:)``),
  /// paired with `names` (the wildcards' names by slot): what a trace shows.
  func namedBindings(
    _ names: [String], _ path: [String], hypotheticalChild: Bool
  ) -> [(name: String, value: Value)] {
    var result: [(name: String, value: Value)] = []
    let count = min(names.count, wildcardSegments.count)
    result.reserveCapacity(count)
    for slot in 0..<count {
      result.append((names[slot], binding(slot, path, hypotheticalChild: hypotheticalChild)))
    }
    return result
  }

  /// The value of wildcard `slot` when the pattern covers `path` (``covers(_:hypotheticalChild:)``),
  /// found when a rule reads it; a slot the pattern lacks is a null value error.
  func binding(_ slot: Int, _ path: [String], hypotheticalChild: Bool) -> Value {
    guard slot >= 0 && slot < wildcardSegments.count else { return .error(.nullValue) }
    let position = wildcardSegments[slot]
    let count = path.count
    switch segments[position] {
    case .single(let name):
      // Segments after the recursive wildcard count from the end of the path.
      let index = globIndex.map { position > $0 } == true ? count - (segments.count - position) : position
      return hypotheticalChild && index == count - 1 ? .error(.unboundListChild(name)) : .string(path[index])
    case .recursive:
      let after = segments.count - position - 1
      var end = count - after
      if hypotheticalChild && after == 0 && end > position { end -= 1 }
      return .path(PathValue(segments: Array(path[position..<end])))
    case .literal:
      return .error(.nullValue)
    }
  }
}
