/// `is` sits between `in` and `== !=` in LANG's table (see `level(of:)`).
private let isLevel = 3

extension Parser {
  // Deep nesting recurses parseExpression → parseBinary → parseUnary → parsePostfix →
  // parsePrimary for every `(`, `[`, `{` or `$(`. Debug builds give each function a stack slot
  // for every temporary it ever uses, so work off that path lives in helpers: nesting up to
  // `maximumNesting` must fit a 512 KiB secondary-thread stack.

  mutating func parseExpression() -> Expression {
    guard enterNesting() else {
      leaveNesting()
      return Expression(.missing, range: .empty(at: current.range.start))
    }
    defer { leaveNesting() }
    let condition = parseBinary(minimumLevel: 0)
    switch current.kind {
    case .question: return parseConditional(condition)
    case .javaScriptOperator: reportJavaScriptOperator()
    default: break
    }
    return condition
  }

  /// `condition ? then : otherwise`, at the `?`.
  private mutating func parseConditional(_ condition: Expression) -> Expression {
    advance()
    let then = parseExpression()
    expect(.colon, "':' in conditional expression")
    let otherwise = parseExpression()
    return Expression(
      .ternary(condition, then, otherwise), range: condition.range.union(otherwise.range))
  }

  /// Operators at `minimumLevel` or tighter, by precedence climbing (one frame per operand, not
  /// one per level); each operator of a chain counts one level of nesting.
  private mutating func parseBinary(minimumLevel: Int) -> Expression {
    var left = parseUnary()
    var chain = 0
    defer { depth -= chain }
    // After an operator only one as loose or looser may follow: a right operand stops early only
    // after `x is T`, and then `x is int + 1` is an error, as in the grammar.
    var maximumLevel = Int.max
    while !panicking, let level = Self.binaryOperator(current, in: source)?.level, level >= minimumLevel,
      level <= maximumLevel
    {
      maximumLevel = level
      let op = consumeOperator()
      chain += 1
      depth += 1
      if nestingExceeded() { return left }
      if let op {
        let right = parseBinary(minimumLevel: level + 1)
        left = Expression(.binary(op, left, right), range: left.range.union(right.range))
      } else if let typeTest = parseTypeTest(left) {
        left = typeTest
      } else {
        return left
      }
    }
    return left
  }

  /// Consumes the pending operator, explaining JavaScript spellings; nil for `is`.
  private mutating func consumeOperator() -> BinaryOperator? {
    let op = pendingOperator()?.operator
    if let op { explainIfJavaScript(op) }
    if op == .divide { checkDivisionSpacing() }
    let operatorEnd = current.range.end
    advance()
    if op == .subtract, current.kind == .minus, current.range.start == operatorEnd {
      // Firebase's lexer reads `--` as a decrement: `1--1` does not compile, `1 - -1` does.
      warnAndContinue(
        SyntaxDiagnostics.unexpectedToken, "Increment (++) and decrement (--) operators are not supported.",
        at: SourceRange(start: operatorEnd - 1, end: current.range.end))
    }
    return op
  }

  /// Firebase's lexer reads `/` followed directly by most characters as the start of a path, so
  /// `a/b`, `4/(2)` and `x /2` do not compile (`Missing 'match' keyword before path.`); only a
  /// space, a tab, `[`, `!` or `"` may follow a dividing `/`.
  private mutating func checkDivisionSpacing() {
    let next = source.bytes.at(current.range.end)
    let allowed: Set<UInt8> = [0x20, 0x09, UInt8(ascii: "["), UInt8(ascii: "!"), UInt8(ascii: "\"")]
    guard let next, !allowed.contains(next) else { return }
    warnAndContinue(
      SyntaxDiagnostics.unexpectedToken,
      "write a space after '/' to divide: Firebase reads '/\(Character(Unicode.Scalar(next)))' as the start of a path "
        + "(Missing 'match' keyword before path.)", at: current.range)
  }

  /// The type name after `is`, which has been consumed.
  private mutating func parseTypeTest(_ value: Expression) -> Expression? {
    guard current.kind == .identifier else {
      errorAtCurrent(SyntaxMessage.expected("a type name after 'is'", found: describe(current)))
      return nil
    }
    let typeName = Identifier(text(current), range: current.range)
    advance()
    return Expression(.isType(value, typeName), range: value.range.union(typeName.range))
  }

  /// The binary operator at the current token and its level, without consuming it; a nil
  /// operator stands for `is`.
  private func pendingOperator() -> (operator: BinaryOperator?, level: Int)? {
    Self.binaryOperator(current, in: source)
  }

  /// `token` as a binary operator with its level; static so that parseBinary's frame holds no
  /// copy of the parser.
  private static func binaryOperator(
    _ token: Token, in source: SourceFile
  ) -> (operator: BinaryOperator?, level: Int)? {
    let op: BinaryOperator?
    switch token.kind {
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
    case .identifier:
      switch source.text(token.range) {
      case "is": return (nil, isLevel)
      case "in": op = .membership
      default: op = nil
      }
    case .assign: op = .equal
    case .javaScriptOperator: op = javaScriptEquivalent(source.text(token.range))
    default: op = nil
    }
    guard let op else { return nil }
    return (op, level(of: op))
  }

  /// Binary precedence levels, loosest first (LANG's table): `||`, `&&`, `== !=`, `is`, `in`,
  /// `< <= > >=`, `+ -`, `* / %`.
  private static func level(of op: BinaryOperator) -> Int {
    switch op {
    case .logicalOr: 0
    case .logicalAnd: 1
    case .equal, .notEqual: 2
    case .membership: 4
    case .less, .lessOrEqual, .greater, .greaterOrEqual: 5
    case .add, .subtract: 6
    case .multiply, .divide, .remainder: 7
    }
  }

  /// Reports a JavaScript operator where rules cannot go on (`=>`, `&&=`, a template literal, …).
  mutating func reportJavaScriptOperator() {
    errorAtCurrent(Self.javaScriptAdvice(text(current)), id: SyntaxDiagnostics.javaScriptSyntax)
  }

  private static func javaScriptEquivalent(_ spelling: String) -> BinaryOperator? {
    switch spelling {
    case "===": .equal
    case "!==": .notEqual
    case "&": .logicalAnd
    case "|", "??": .logicalOr
    default: nil
    }
  }

  /// What to write instead of the JavaScript token `spelling`.
  static func javaScriptAdvice(_ spelling: String) -> String {
    switch spelling {
    case "?.": SyntaxMessage.javaScript("?.", instead: "use '.' after checking the value is not null")
    case "===": SyntaxMessage.javaScript("===", instead: "use '=='")
    case "!==": SyntaxMessage.javaScript("!==", instead: "use '!='")
    case "??":
      SyntaxMessage.javaScript(
        "??", instead: "use a conditional (x != null ? x : y) or map.get(key, default)")
    case "&": "'&' is not an operator; use '&&'"
    case "|": "'|' is not an operator; use '||'"
    case "=>": SyntaxMessage.javaScript("=>", instead: "rules have no arrow functions; declare a 'function'")
    case "&&=", "||=", "??=":
      SyntaxMessage.javaScript(spelling, instead: "rules cannot assign; compare with '=='")
    case _ where spelling.hasPrefix("`"):
      "template literals are JavaScript, not rules syntax; join strings with '+'"
    default: SyntaxMessage.javaScript(spelling, instead: "rules have no such operator")
    }
  }

  /// Explains a JavaScript spelling of `op` (or `=` for `==`) and lets the parse go on.
  private mutating func explainIfJavaScript(_ op: BinaryOperator) {
    let advice: String
    switch current.kind {
    case .assign: advice = "'=' assigns; use '==' to compare"
    case .javaScriptOperator: advice = Self.javaScriptAdvice(text(current))
    default: return
    }
    _ = op
    warnAndContinue(SyntaxDiagnostics.javaScriptSyntax, advice, at: current.range)
  }

  private mutating func parseUnary() -> Expression {
    switch current.kind {
    case .bang, .minus: parsePrefixed()
    default: parsePostfix()
    }
  }

  /// `!operand` or `-operand`, at the operator.
  private mutating func parsePrefixed() -> Expression {
    let start = current.range.start
    let op: UnaryOperator = current.kind == .bang ? .logicalNot : .negate
    let operatorEnd = current.range.end
    advance()
    if op == .negate, current.kind == .minus || current.kind == .bang {
      // Firebase's grammar has no `- -x`, `--x` or `-!x`; `-(-x)` is fine.
      let adjacentMinus = current.kind == .minus && current.range.start == operatorEnd
      warnAndContinue(
        SyntaxDiagnostics.unexpectedToken,
        adjacentMinus
          ? "Increment (++) and decrement (--) operators are not supported."
          : "'-' cannot apply to a '\(text(current))' expression directly; write -(…) (Unexpected '\(text(current))'.)",
        at: current.range)
    }
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
