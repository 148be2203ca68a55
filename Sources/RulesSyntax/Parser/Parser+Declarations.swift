extension Parser {
  mutating func parseAllow() -> AllowStatement {
    let keywordRange = current.range
    advance()
    var methods: [MethodName] = []
    repeat {
      guard current.kind == .identifier, !isWord("if") else {
        errorAtCurrent(SyntaxMessage.expected("a method such as read or write", found: describe(current)))
        break
      }
      methods.append(MethodName(text(current), range: current.range))
      advance()
    } while consume(.comma)
    var condition: Expression?
    if consume(.colon) {
      if isWord("if") {
        advance()
      } else if !panicking {
        warnAndContinue(SyntaxDiagnostics.missingIf, SyntaxMessage.missingIf, at: current.range)
      }
      condition = parseExpression()
    } else if isWord("if") {
      errorAtCurrent("expected ':' before 'if'")
      panicking = false
      advance()
      condition = parseExpression()
    }
    _ = consume(.semicolon)
    return AllowStatement(keywordRange: keywordRange, methods: methods, condition: condition)
  }

  mutating func parseFunction() -> FunctionDeclaration {
    advance()
    var name = Identifier("", range: .empty(at: current.range.start))
    if current.kind == .identifier {
      name = Identifier(text(current), range: current.range)
      advance()
    } else {
      errorAtCurrent(SyntaxMessage.expected("a function name", found: describe(current)))
    }
    var parameters: [Identifier] = []
    if expect(.leftParen, "'('") {
      if current.kind != .rightParen {
        repeat {
          guard current.kind == .identifier else {
            errorAtCurrent(SyntaxMessage.expected("a parameter name", found: describe(current)))
            break
          }
          parameters.append(Identifier(text(current), range: current.range))
          advance()
        } while consume(.comma)
      }
      expect(.rightParen, "')'")
    }
    if panicking { recoverInsideHeader() }
    let bodyStart = current.range.start
    var body: [FunctionStatement] = []
    if expect(.leftBrace, "'{'") {
      body = parseFunctionBody()
      if !expect(.rightBrace, "'}'") { panicking = false }
    }
    return FunctionDeclaration(
      name: name, parameters: parameters, body: body,
      bodyRange: SourceRange(start: bodyStart, end: previousEnd))
  }

  /// After a broken parameter list, skips to the body's `{`.
  private mutating func recoverInsideHeader() {
    while !atEnd && current.kind != .leftBrace && current.kind != .rightBrace { advance() }
    panicking = false
  }

  private mutating func parseFunctionBody() -> [FunctionStatement] {
    var statements: [FunctionStatement] = []
    while !atEnd && current.kind != .rightBrace {
      let start = current.range.start
      let keywordRange = current.range
      if isWord("let") {
        advance()
        var name = Identifier("", range: .empty(at: current.range.start))
        if current.kind == .identifier {
          name = Identifier(text(current), range: current.range)
          advance()
        } else {
          errorAtCurrent(SyntaxMessage.expected("a name after 'let'", found: describe(current)))
        }
        expect(.assign, "'='")
        let value = parseExpression()
        if !consume(.semicolon) && !panicking {
          warnAndContinue(
            SyntaxDiagnostics.missingSemicolon, SyntaxMessage.letNeedsSemicolon,
            at: .empty(at: previousEnd))
        }
        statements.append(
          FunctionStatement(
            kind: .letBinding(name, value), range: SourceRange(start: start, end: previousEnd),
            keywordRange: keywordRange))
      } else if isWord("return") {
        advance()
        let value = parseExpression()
        _ = consume(.semicolon)
        statements.append(
          FunctionStatement(
            kind: .returnStatement(value), range: SourceRange(start: start, end: previousEnd),
            keywordRange: keywordRange))
      } else if current.kind == .semicolon {
        advance()
      } else {
        errorAtCurrent(SyntaxMessage.expected("'let' or 'return'", found: describe(current)))
      }
      if panicking { synchronize() }
      if current.range.start == start && !atEnd && current.kind != .rightBrace { advance() }
      // A statement keyword of the enclosing block means the function's '}' is missing.
      if isWord("match") || isWord("allow") || isWord("function") { break }
    }
    return statements
  }
}
