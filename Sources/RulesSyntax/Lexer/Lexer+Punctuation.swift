extension Lexer {
  /// Operators and punctuation, longest spelling first: a switch on the first byte, then on
  /// the bytes after it.
  mutating func lexPunctuation(start: Int) -> Token? {
    guard let first = peekByte(), first < 0x80 else { return nil }
    let second = peekByte(1)
    let third = peekByte(2)
    let spelled: (length: Int, kind: TokenKind)
    switch first {
    case UInt8(ascii: "`"): return lexTemplateLiteral(start: start)
    case UInt8(ascii: "="):
      spelled =
        second == UInt8(ascii: "=")
        ? (third == UInt8(ascii: "=") ? (3, .javaScriptOperator) : (2, .equal))
        : second == UInt8(ascii: ">") ? (2, .javaScriptOperator) : (1, .assign)
    case UInt8(ascii: "!"):
      spelled =
        second == UInt8(ascii: "=")
        ? (third == UInt8(ascii: "=") ? (3, .javaScriptOperator) : (2, .notEqual)) : (1, .bang)
    case UInt8(ascii: "&"):
      spelled = doubled(first, second, third, as: .logicalAnd)
    case UInt8(ascii: "|"):
      spelled = doubled(first, second, third, as: .logicalOr)
    case UInt8(ascii: "?"):
      if second == UInt8(ascii: "?") {
        spelled = (third == UInt8(ascii: "=") ? 3 : 2, .javaScriptOperator)
      } else if second == UInt8(ascii: "."), third?.isDigit != true {
        // `?.5` is a ternary followed by a number, not optional chaining.
        spelled = (2, .javaScriptOperator)
      } else {
        spelled = (1, .question)
      }
    case UInt8(ascii: "<"): spelled = second == UInt8(ascii: "=") ? (2, .lessOrEqual) : (1, .less)
    case UInt8(ascii: ">"): spelled = second == UInt8(ascii: "=") ? (2, .greaterOrEqual) : (1, .greater)
    case UInt8(ascii: "("): spelled = (1, .leftParen)
    case UInt8(ascii: ")"): spelled = (1, .rightParen)
    case UInt8(ascii: "["): spelled = (1, .leftBracket)
    case UInt8(ascii: "]"): spelled = (1, .rightBracket)
    case UInt8(ascii: "{"): spelled = (1, .leftBrace)
    case UInt8(ascii: "}"): spelled = (1, .rightBrace)
    case UInt8(ascii: ","): spelled = (1, .comma)
    case UInt8(ascii: ";"): spelled = (1, .semicolon)
    case UInt8(ascii: ":"): spelled = (1, .colon)
    case UInt8(ascii: "."): spelled = (1, .dot)
    case UInt8(ascii: "$"): spelled = (1, .dollar)
    case UInt8(ascii: "+"): spelled = (1, .plus)
    case UInt8(ascii: "-"): spelled = (1, .minus)
    case UInt8(ascii: "*"): spelled = (1, .star)
    case UInt8(ascii: "/"): spelled = (1, .slash)
    case UInt8(ascii: "%"): spelled = (1, .percent)
    default: return nil
    }
    position += spelled.length
    return Token(spelled.kind, SourceRange(start: start, end: position))
  }

  /// `&&=`/`||=` (JavaScript), `&&`/`||` (`kind`), or a lone `&`/`|` (JavaScript).
  private func doubled(
    _ first: UInt8, _ second: UInt8?, _ third: UInt8?, as kind: TokenKind
  ) -> (length: Int, kind: TokenKind) {
    guard second == first else { return (1, .javaScriptOperator) }
    return third == UInt8(ascii: "=") ? (3, .javaScriptOperator) : (2, kind)
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
