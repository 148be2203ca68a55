extension Parser {
  /// Member access, calls, indexing and ranges after a primary expression.
  mutating func parsePostfixTail(_ base: Expression) -> Expression {
    var expression = base
    var chain = 0
    defer { depth -= chain }
    while !panicking && continuesPostfix(expression) {
      chain += 1
      depth += 1
      if nestingExceeded() { break }
      switch current.kind {
      case .leftParen: expression = parseCall(expression)
      case .leftBracket: expression = parseSubscript(expression)
      default:
        guard let member = parseMember(expression) else { return expression }
        expression = member
      }
    }
    return expression
  }

  /// Whether the current token continues a postfix chain on `expression`.
  private func continuesPostfix(_ expression: Expression) -> Bool {
    switch current.kind {
    case .dot, .leftBracket: true
    case .leftParen: isCallable(expression)
    case .javaScriptOperator: text(current) == "?."
    default: false
    }
  }

  private mutating func parseCall(_ callee: Expression) -> Expression {
    let arguments = parseArguments()
    return Expression(
      .call(callee, arguments), range: SourceRange(start: callee.range.start, end: previousEnd))
  }

  /// `.name`, or JavaScript's `?.name` (explained); nil after an error.
  private mutating func parseMember(_ base: Expression) -> Expression? {
    if current.kind == .javaScriptOperator {
      warnAndContinue(SyntaxDiagnostics.javaScriptSyntax, Self.javaScriptAdvice("?."), at: current.range)
    }
    advance()
    guard current.kind == .identifier else {
      errorAtCurrent(SyntaxMessage.expected("a field or method name after '.'", found: describe(current)))
      return nil
    }
    let name = Identifier(text(current), range: current.range)
    advance()
    return Expression(.member(base, name), range: SourceRange(start: base.range.start, end: name.range.end))
  }

  private func isCallable(_ expression: Expression) -> Bool {
    switch expression.kind {
    case .identifier, .member: true
    default: false
    }
  }

  private mutating func parseArguments() -> [Expression] {
    advance()
    var arguments: [Expression] = []
    while current.kind != .rightParen && current.kind != .endOfFile && !panicking {
      arguments.append(parseExpression())
      if !consume(.comma) { break }
    }
    expect(.rightParen, "')' after arguments")
    return arguments
  }

  /// `[index]` or `[lower:upper]` with at least one bound.
  private mutating func parseSubscript(_ base: Expression) -> Expression {
    let open = current.range
    advance()
    var lower: Expression?
    if current.kind != .colon { lower = parseExpression() }
    if consume(.colon) {
      var upper: Expression?
      if current.kind != .rightBracket { upper = parseExpression() }
      if lower == nil && upper == nil {
        error("a range needs at least one bound", at: SourceRange(start: open.start, end: current.range.end))
      }
      expect(.rightBracket, "']'")
      return Expression(
        .range(base, lower: lower, upper: upper),
        range: SourceRange(start: base.range.start, end: previousEnd))
    }
    expect(.rightBracket, "']'")
    let index = lower ?? Expression(.missing, range: .empty(at: previousEnd))
    return Expression(.index(base, index), range: SourceRange(start: base.range.start, end: previousEnd))
  }

  mutating func parsePrimary() -> Expression {
    switch current.kind {
    case .leftParen: parseParenthesized()
    case .leftBracket: parseList()
    case .leftBrace: parseMap()
    case .slash: parsePathLiteral()
    default: parseAtom()
    }
  }

  private mutating func parseParenthesized() -> Expression {
    let start = current.range.start
    advance()
    let inner = parseExpression()
    expect(.rightParen, "')'")
    // Parentheses only group: the node keeps the inner kind but covers the parentheses.
    return Expression(inner.kind, range: SourceRange(start: start, end: previousEnd))
  }

  /// A literal or a name: the primaries that do not nest.
  private mutating func parseAtom() -> Expression {
    let token = current
    switch token.kind {
    case .integer:
      advance()
      guard case .integer(let value?) = token.value, value <= UInt64(Int64.max) else {
        if case .integer(let value?) = token.value, value == UInt64(Int64.max) + 1 {
          warnAndContinue(
            SyntaxDiagnostics.invalidNumber, "integer literal \(text(token)) does not fit in 64 bits",
            at: token.range)
        }
        return Expression(.missing, range: token.range)
      }
      return Expression(.integer(Int64(value)), range: token.range)
    case .float:
      advance()
      guard case .float(let value) = token.value else { return Expression(.missing, range: token.range) }
      return Expression(.float(value), range: token.range)
    case .string:
      advance()
      guard case .string(let value) = token.value else { return Expression(.missing, range: token.range) }
      return Expression(.string(value), range: token.range)
    case .bytes:
      advance()
      guard case .bytes(let value) = token.value else { return Expression(.missing, range: token.range) }
      return Expression(.bytes(value), range: token.range)
    case .identifier:
      advance()
      let name = text(token)
      switch name {
      case "true": return Expression(.bool(true), range: token.range)
      case "false": return Expression(.bool(false), range: token.range)
      case "null": return Expression(.null, range: token.range)
      default: return Expression(.identifier(name), range: token.range)
      }
    case .javaScriptOperator:
      reportJavaScriptOperator()
      advance()
      return Expression(.missing, range: token.range)
    default:
      errorAtCurrent(SyntaxMessage.expected("an expression", found: describe(token)))
      return Expression(.missing, range: .empty(at: token.range.start))
    }
  }

  private mutating func parseList() -> Expression {
    let start = current.range.start
    advance()
    var elements: [Expression] = []
    while current.kind != .rightBracket && current.kind != .endOfFile && !panicking {
      elements.append(parseExpression())
      if !consume(.comma) { break }
    }
    expect(.rightBracket, "']' to close the list")
    return Expression(.list(elements), range: SourceRange(start: start, end: previousEnd))
  }

  private mutating func parseMap() -> Expression {
    let start = current.range.start
    advance()
    var entries: [MapEntry] = []
    while current.kind != .rightBrace && current.kind != .endOfFile && !panicking {
      let key = parseExpression()
      expect(.colon, "':' after a map key")
      let value = parseExpression()
      entries.append(MapEntry(key: key, value: value))
      if !consume(.comma) { break }
    }
    expect(.rightBrace, "'}' to close the map")
    return Expression(.map(entries), range: SourceRange(start: start, end: previousEnd))
  }
}
