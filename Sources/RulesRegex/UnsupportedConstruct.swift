/// A construct in a pattern that PCRE2 accepts but RE2 does not.
///
/// `offset` and `length` are UTF-8 bytes into the pattern; the range covers the token that
/// introduces the construct (for example `(?=` or `\1`), not the whole group.
public struct UnsupportedConstruct: Sendable, Hashable {
  /// A human name such as `backreference`, `lookahead` or `possessive quantifier`.
  public let construct: String
  public let offset: Int
  public let length: Int

  public init(construct: String, offset: Int, length: Int) {
    self.construct = construct
    self.offset = offset
    self.length = length
  }

  /// The construct's UTF-8 byte range in the pattern.
  public var range: Range<Int> { offset..<(offset + length) }
}
