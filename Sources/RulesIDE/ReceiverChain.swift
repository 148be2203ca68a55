import RulesSyntax

/// Rebuilds the expression before a `.` from the tokens (`request.resource.contentType.lower()`),
/// for completion in text that does not parse yet. Call arguments and index expressions other
/// than a string key are left out; what cannot be read becomes `.missing`.
struct ReceiverChain {
  let tokens: [Token]
  let source: SourceFile
  /// The longest chain followed; longer receivers are not typed.
  static let maximumLength = 64

  /// The receiver whose last token is `tokens[end]`.
  func expression(endingAt end: Int) -> Expression {
    expression(endingAt: end, length: 0)?.expression ?? Expression(.missing, range: .empty(at: 0))
  }

  /// The receiver and the index of its first token.
  private func expression(endingAt end: Int, length: Int) -> (expression: Expression, start: Int)? {
    guard end >= 0, end < tokens.count, length < Self.maximumLength else { return nil }
    let token = tokens[end]
    switch token.kind {
    case .identifier:
      let name = source.text(token.range)
      if end >= 2, tokens[end - 1].kind == .dot, let base = expression(endingAt: end - 2, length: length + 1)
      {
        let member = Expression(
          .member(base.expression, Identifier(name, range: token.range)),
          range: base.expression.range.union(token.range))
        return (member, base.start)
      }
      return (Expression(.identifier(name), range: token.range), end)
    case .rightParen:
      guard let open = matching(end, open: .leftParen, close: .rightParen) else { return nil }
      if open >= 1, tokens[open - 1].kind == .identifier,
        let callee = expression(endingAt: open - 1, length: length + 1)
      {
        return (
          Expression(.call(callee.expression, []), range: callee.expression.range.union(token.range)),
          callee.start
        )
      }
      return (Expression(.missing, range: token.range), open)
    case .rightBracket:
      guard let open = matching(end, open: .leftBracket, close: .rightBracket) else { return nil }
      guard let base = expression(endingAt: open - 1, length: length + 1) else { return nil }
      let key: Expression
      if open + 2 == end, case .string(let text)? = tokens[open + 1].value {
        key = Expression(.string(text), range: tokens[open + 1].range)
      } else {
        key = Expression(.missing, range: token.range)
      }
      return (
        Expression(.index(base.expression, key), range: base.expression.range.union(token.range)), base.start
      )
    case .string:
      if case .string(let text)? = token.value { return (Expression(.string(text), range: token.range), end) }
      return nil
    case .bytes: return (Expression(.bytes([]), range: token.range), end)
    case .integer: return (Expression(.integer(0), range: token.range), end)
    case .float: return (Expression(.float(0), range: token.range), end)
    default: return nil
    }
  }

  /// The index of the token opening the group that `tokens[close]` closes.
  private func matching(_ closeIndex: Int, open: TokenKind, close: TokenKind) -> Int? {
    var depth = 0
    var position = closeIndex
    while position >= 0 {
      if tokens[position].kind == close { depth += 1 }
      if tokens[position].kind == open {
        depth -= 1
        if depth == 0 { return position }
      }
      position -= 1
    }
    return nil
  }
}
