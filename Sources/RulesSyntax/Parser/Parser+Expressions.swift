/// Binary precedence levels, loosest first (LANG's table): `||`, `&&`, `== !=`, `is`, `in`,
/// `< <= > >=`, `+ -`, `* / %`.
private let binaryLevels: [[BinaryOperator]] = [
  [.logicalOr], [.logicalAnd], [.equal, .notEqual], [], [.membership],
  [.less, .lessOrEqual, .greater, .greaterOrEqual], [.add, .subtract],
  [.multiply, .divide, .remainder],
]
private let isLevel = 3

extension Parser {
  mutating func parseExpression() -> Expression {
    guard enterNesting() else {
      leaveNesting()
      return Expression(.missing, range: .empty(at: current.range.start))
    }
    defer { leaveNesting() }
    let condition = parseBinary(level: 0)
    guard current.kind == .question else { return condition }
    advance()
    let then = parseExpression()
    expect(.colon, "':' in conditional expression")
    let otherwise = parseExpression()
    return Expression(
      .ternary(condition, then, otherwise), range: condition.range.union(otherwise.range))
  }

  private mutating func parseBinary(level: Int) -> Expression {
    guard level < binaryLevels.count else { return parseUnary() }
    var left = parseBinary(level: level + 1)
    var chain = 0
    defer { depth -= chain }
    while !panicking {
      if level == isLevel, isWord("is") {
        advance()
        chain += 1
        depth += 1
        if nestingExceeded() { return left }
        guard current.kind == .identifier else {
          errorAtCurrent(SyntaxMessage.expected("a type name after 'is'", found: describe(current)))
          return left
        }
        let typeName = Identifier(text(current), range: current.range)
        advance()
        left = Expression(.isType(left, typeName), range: left.range.union(typeName.range))
        continue
      }
      guard let op = binaryOperator(atLevel: level) else { return left }
      chain += 1
      depth += 1
      if nestingExceeded() { return left }
      let right = parseBinary(level: level + 1)
      left = Expression(.binary(op, left, right), range: left.range.union(right.range))
    }
    return left
  }

  /// Consumes and returns the operator at `level`, explaining JavaScript spellings.
  private mutating func binaryOperator(atLevel level: Int) -> BinaryOperator? {
    let candidates = binaryLevels[level]
    let op: BinaryOperator?
    switch current.kind {
    case .logicalOr: op = .logicalOr
    case .logicalAnd: op = .logicalAnd
    case .equal: op = .equal
    case .notEqual: op = .notEqual
    case .less: op = .less
    case .lessOrEqual: op = .lessOrEqual
    case .greater: op = .greater
    case .greaterOrEqual: op = .greaterOrEqual
    case .plus: op = .add
    case .minus: op = .subtract
    case .star: op = .multiply
    case .slash: op = .divide
    case .percent: op = .remainder
    case .identifier where isWord("in"): op = .membership
    case .assign: op = candidates.contains(.equal) ? .equal : nil
    case .javaScriptOperator: op = javaScriptEquivalent(text(current))
    default: op = nil
    }
    guard let op, candidates.contains(op) else { return nil }
    explainIfJavaScript(op)
    advance()
    return op
  }

  private func javaScriptEquivalent(_ spelling: String) -> BinaryOperator? {
    switch spelling {
    case "===": .equal
    case "!==": .notEqual
    case "&": .logicalAnd
    case "|", "??": .logicalOr
    default: nil
    }
  }

  private mutating func explainIfJavaScript(_ op: BinaryOperator) {
    let spelling = text(current)
    let advice: String
    switch current.kind {
    case .assign: advice = "'=' assigns; use '==' to compare"
    case .javaScriptOperator:
      switch spelling {
      case "===": advice = SyntaxMessage.javaScript("===", instead: "use '=='")
      case "!==": advice = SyntaxMessage.javaScript("!==", instead: "use '!='")
      case "??":
        advice = SyntaxMessage.javaScript(
          "??", instead: "use a conditional (x != null ? x : y) or map.get(key, default)")
      case "&": advice = "'&' is not an operator; use '&&'"
      case "|": advice = "'|' is not an operator; use '||'"
      default: advice = SyntaxMessage.javaScript(spelling, instead: "rules have no such operator")
      }
    default: return
    }
    _ = op
    warnAndContinue(SyntaxDiagnostics.javaScriptSyntax, advice, at: current.range)
  }

  private mutating func parseUnary() -> Expression {
    let start = current.range.start
    let op: UnaryOperator
    switch current.kind {
    case .bang: op = .logicalNot
    case .minus: op = .negate
    default: return parsePostfix()
    }
    advance()
    if op == .negate, current.kind == .integer, case .integer(let value) = current.value,
      value == UInt64(Int64.max) + 1
    {
      let range = SourceRange(start: start, end: current.range.end)
      advance()
      return parsePostfixTail(Expression(.integer(.min), range: range))
    }
    guard enterNesting() else {
      leaveNesting()
      return Expression(.missing, range: .empty(at: current.range.start))
    }
    let operand = parseUnary()
    leaveNesting()
    return Expression(.unary(op, operand), range: SourceRange(start: start, end: operand.range.end))
  }

  private mutating func parsePostfix() -> Expression {
    parsePostfixTail(parsePrimary())
  }
}
