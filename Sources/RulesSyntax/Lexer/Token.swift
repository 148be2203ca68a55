/// The kinds of token the lexer produces outside path syntax.
public enum TokenKind: Hashable, Sendable {
  case identifier
  case integer
  case float
  case string
  case bytes
  case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
  case comma, semicolon, colon, dot, question, assign, dollar
  case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
  case logicalAnd, logicalOr, bang
  case plus, minus, star, slash, percent
  /// A JavaScript operator that rules do not have (`===`, `?.`, `=>`, …), kept so the parser can
  /// explain it.
  case javaScriptOperator
  case endOfFile
  /// Bytes the lexer could not make sense of; already reported.
  case invalid
}

/// The decoded value carried by a literal token.
public enum TokenValue: Hashable, Sendable {
  case integer(UInt64?)  // nil when the literal does not fit
  case float(Double)
  case string(String)
  case bytes([UInt8])
}

/// One token: its kind, its range and, for literals, the decoded value.
public struct Token: Hashable, Sendable {
  public var kind: TokenKind
  public var range: SourceRange
  public var value: TokenValue?

  public init(_ kind: TokenKind, _ range: SourceRange, value: TokenValue? = nil) {
    self.kind = kind
    self.range = range
    self.value = value
  }
}

/// A comment's range and kind, kept for suppression comments and tools.
public struct Comment: Hashable, Sendable {
  public var range: SourceRange
  public var isBlock: Bool

  public init(range: SourceRange, isBlock: Bool) {
    self.range = range
    self.isBlock = isBlock
  }
}
