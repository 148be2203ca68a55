/// A half-open range of UTF-8 byte offsets into a rules source.
public struct SourceRange: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Offset of the first byte.
  public var start: Int
  /// Offset one past the last byte.
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// An empty range at `offset`.
  public static func empty(at offset: Int) -> SourceRange {
    SourceRange(start: offset, end: offset)
  }

  public var length: Int { end - start }
  public var isEmpty: Bool { start == end }

  /// The smallest range covering both `self` and `other`.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }

  public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }

  public var description: String { "\(start)..<\(end)" }
}
