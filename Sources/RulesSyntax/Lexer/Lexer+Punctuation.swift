extension Lexer {
  /// Operators and punctuation, longest spelling first.
  private static let punctuation: [(String, TokenKind)] = [
    ("===", .javaScriptOperator), ("!==", .javaScriptOperator), ("&&=", .javaScriptOperator),
    ("||=", .javaScriptOperator), ("??=", .javaScriptOperator),
    ("==", .equal), ("!=", .notEqual), ("<=", .lessOrEqual), (">=", .greaterOrEqual),
    ("&&", .logicalAnd), ("||", .logicalOr), ("=>", .javaScriptOperator),
    ("?.", .javaScriptOperator), ("??", .javaScriptOperator),
    ("(", .leftParen), (")", .rightParen), ("[", .leftBracket), ("]", .rightBracket),
    ("{", .leftBrace), ("}", .rightBrace), (",", .comma), (";", .semicolon), (":", .colon),
    (".", .dot), ("?", .question), ("=", .assign), ("$", .dollar), ("<", .less), (">", .greater),
    ("!", .bang), ("+", .plus), ("-", .minus), ("*", .star), ("/", .slash), ("%", .percent),
    ("&", .javaScriptOperator), ("|", .javaScriptOperator),
  ]

  /// `punctuation` by first byte (ASCII only), keeping its order.
  private static let punctuationByFirstByte: [[(String, TokenKind)]] = {
    var table = Array(repeating: [(String, TokenKind)](), count: 128)
    for entry in punctuation { table[Int(entry.0.utf8.first ?? 0)].append(entry) }
    return table
  }()

  mutating func lexPunctuation(start: Int) -> Token? {
    guard let first = peekByte(), first < 0x80 else { return nil }
    if first == UInt8(ascii: "`") { return lexTemplateLiteral(start: start) }
    for (spelling, kind) in Self.punctuationByFirstByte[Int(first)] where matches(spelling) {
      // `?.5` is a ternary followed by a number, not optional chaining.
      if spelling == "?.", peekByte(2)?.isDigit == true { continue }
      position += spelling.utf8.count
      return Token(kind, SourceRange(start: start, end: position))
    }
    return nil
  }

  private func matches(_ spelling: String) -> Bool {
    var index = position
    for unit in spelling.utf8 {
      guard index < bytes.count, bytes[index] == unit else { return false }
      index += 1
    }
    return true
  }

  /// A JavaScript template literal: one token, explained by the parser.
  private mutating func lexTemplateLiteral(start: Int) -> Token {
    position += 1
    while let byte = peekByte(), byte != UInt8(ascii: "`") {
      if byte == UInt8(ascii: "\\") { position += 1 }
      position += 1
    }
    position = min(position + 1, bytes.count)
    return Token(.javaScriptOperator, SourceRange(start: start, end: position))
  }
}
