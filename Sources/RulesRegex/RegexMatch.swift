/// One match of a ``RegexPattern`` in a subject.
///
/// Ranges are half-open UTF-8 byte offsets into the subject and always fall on character
/// boundaries.
public struct RegexMatch: Sendable, Equatable {
  /// The whole match (group 0).
  public let range: Range<Int>
  /// Groups 1...n in pattern order; `nil` for a group that did not take part in the match.
  public let captures: [Range<Int>?]

  public init(range: Range<Int>, captures: [Range<Int>?]) {
    self.range = range
    self.captures = captures
  }

  /// The range of group `number` (0 is the whole match), or `nil` when the group is unset or
  /// does not exist.
  public func group(_ number: Int) -> Range<Int>? {
    if number == 0 { return range }
    guard number > 0, number <= captures.count else { return nil }
    return captures[number - 1]
  }
}
