/// Where a list of statements appears; decides what an error message says was expected.
enum BodyContext {
  case file, service, match

  var expectation: String {
    switch self {
    case .file: "'rules_version', 'service' or 'function'"
    case .service: "'match' or 'function'"
    case .match: "'match', 'allow' or 'function'"
    }
  }
}

extension Parser {
  /// Parses statements until end of file or, inside a block, the closing `}`.
  mutating func parseBody(_ context: BodyContext) -> [Statement] {
    // Blocks nest through this frame: `current.kind` rather than atEnd avoids a parser copy.
    var statements: [Statement] = []
    while current.kind != .endOfFile {
      if current.kind == .rightBrace {
        if context != .file { break }
        errorAtCurrent("unexpected '}' with no open block")
        advance()
        panicking = false
        continue
      }
      let before = current.range.start
      if let statement = parseStatement(context) { statements.append(statement) }
      if panicking { synchronize() }
      // Every round must consume something, whatever went wrong.
      if current.range.start == before && current.kind != .endOfFile && current.kind != .rightBrace {
        advance()
      }
    }
    return statements
  }

  private mutating func parseStatement(_ context: BodyContext) -> Statement? {
    // Blocks nest through this frame, so only they are parsed here; the other statements are in
    // a helper, which keeps the frame small (see parseExpression).
    // (Calling a non-mutating method such as isWord copies the parser into the frame.)
    let start = current.range.start
    let word = current.kind == .identifier ? source.text(current.range) : ""
    let kind: Statement.Kind
    if word == "match" {
      kind = parseMatch()
    } else if word == "service" {
      kind = .service(parseService())
    } else if current.kind == .slash && context != .file {
      kind = .match(parseMatchWithoutKeyword())
    } else {
      return parseLeafStatement(context)
    }
    return Statement(kind, range: SourceRange(start: start, end: max(start, previousEnd)))
  }

  /// `/path { … }` with the keyword forgotten.
  private mutating func parseMatchWithoutKeyword() -> MatchBlock {
    let start = current.range.start
    errorAtCurrent("missing 'match' keyword before path")
    panicking = false
    return parseMatchRest(keywordRange: .empty(at: start))
  }

  /// A statement that holds no block of statements.
  private mutating func parseLeafStatement(_ context: BodyContext) -> Statement? {
    let start = current.range.start
    let kind: Statement.Kind
    switch current.kind {
    case .semicolon:
      advance()
      return nil
    case .identifier:
      switch text(current) {
      case "rules_version", "syntax": kind = .version(parseVersion())
      case "allow": kind = .allow(parseAllow())
      case "function": kind = .function(parseFunction())
      case "import": kind = .importDeclaration(parseImport())
      default:
        errorAtCurrent(SyntaxMessage.expected(context.expectation, found: describe(current)))
        return Statement(.missing, range: current.range)
      }
    default:
      errorAtCurrent(SyntaxMessage.expected(context.expectation, found: describe(current)))
      return Statement(.missing, range: current.range)
    }
    return Statement(kind, range: SourceRange(start: start, end: max(start, previousEnd)))
  }

  /// Skips to a point where a statement can start: after `;`, or at `}`, a statement keyword or
  /// the end of the file.
  mutating func synchronize() {
    while !atEnd {
      switch current.kind {
      case .semicolon:
        advance()
        panicking = false
        return
      case .rightBrace:
        panicking = false
        return
      case .identifier:
        switch text(current) {
        case "match", "allow", "function", "service", "rules_version", "let", "return":
          panicking = false
          return
        default: advance()
        }
      default:
        advance()
      }
    }
    panicking = false
  }

  /// Skips a `{ … }` block whole, counting braces, for blocks nested beyond the limit.
  mutating func skipBalancedBlock() {
    var open = 0
    while !atEnd {
      if current.kind == .leftBrace { open += 1 }
      if current.kind == .rightBrace {
        open -= 1
        if open <= 0 {
          advance()
          return
        }
      }
      advance()
    }
  }

  private mutating func parseVersion() -> VersionDeclaration {
    let keyword = VersionDeclaration.Keyword(rawValue: text(current)) ?? .rulesVersion
    let keywordRange = current.range
    advance()
    expect(.assign, "'='")
    var value: String?
    let valueRange = current.range
    if current.kind == .string, case .string(let string) = current.value {
      value = string
      advance()
    } else if !panicking {
      errorAtCurrent(SyntaxMessage.expected("a quoted version such as '2'", found: describe(current)))
    }
    _ = consume(.semicolon)
    return VersionDeclaration(
      keyword: keyword, keywordRange: keywordRange, value: value, valueRange: valueRange)
  }

  private mutating func parseService() -> ServiceDeclaration {
    advance()
    let name = parseServiceName()
    guard enterNesting() else {
      leaveNesting()
      skipBalancedBlock()
      panicking = false
      return ServiceDeclaration(name: name, body: [])
    }
    let body = parseBlock(.service)
    leaveNesting()
    return ServiceDeclaration(name: name, body: body)
  }

  private mutating func parseServiceName() -> Identifier {
    let nameStart = current.range.start
    var parts: [String] = []
    if current.kind == .identifier {
      parts.append(text(current))
      advance()
      while current.kind == .dot {
        advance()
        guard current.kind == .identifier else {
          errorAtCurrent(SyntaxMessage.expected("a service name", found: describe(current)))
          break
        }
        parts.append(text(current))
        advance()
      }
    } else {
      errorAtCurrent(
        SyntaxMessage.expected("a service name such as firebase.storage", found: describe(current)))
    }
    return Identifier(parts.joined(separator: "."), range: SourceRange(start: nameStart, end: previousEnd))
  }

  /// `{ statements }`, with recovery when either brace is missing.
  mutating func parseBlock(_ context: BodyContext) -> [Statement] {
    if panicking { synchronize() }
    guard expect(.leftBrace, "'{'") else { return [] }
    let body = parseBody(context)
    if !expect(.rightBrace, "'}'") { panicking = false }
    return body
  }

  private mutating func parseMatch() -> Statement.Kind {
    let keywordRange = current.range
    advance()
    return .match(parseMatchRest(keywordRange: keywordRange))
  }

  mutating func parseMatchRest(keywordRange: SourceRange) -> MatchBlock {
    let pattern = parseMatchPath()
    skipRestOfBrokenPath(after: pattern)
    guard enterNesting() else {
      leaveNesting()
      skipBalancedBlock()
      panicking = false
      return MatchBlock(keywordRange: keywordRange, pattern: pattern, body: [])
    }
    let body = parseBlock(.match)
    leaveNesting()
    return MatchBlock(keywordRange: keywordRange, pattern: pattern, body: body)
  }

  /// After a match path the parser could not read whole (`/b/<bucket>/o`, `avatar.{ext}`),
  /// skips what is left of it on the same line so the block's `{` still opens the block.
  ///
  /// Looks ahead with a copy of the lexer that records nothing, so a file of broken lines
  /// costs time linear in its size: nothing the parser has collected is copied.
  private mutating func skipRestOfBrokenPath(after pattern: PathPattern) {
    guard current.kind != .leftBrace, !atEnd else { return }
    let lineEnd = source.lineIndex.contentRange(ofLine: source.lineIndex.line(of: pattern.range.start)).end
    var probe = lexer
    probe.isRecording = false
    var token = current
    while token.kind != .endOfFile, token.kind != .leftBrace, token.kind != .rightBrace,
      token.range.start < lineEnd
    {
      token = probe.next()
    }
    guard token.kind == .leftBrace, token.range.start < lineEnd else { return }
    errorAtCurrent(
      SyntaxMessage.expected("'{' after the match path", found: describe(current)),
      id: SyntaxDiagnostics.invalidMatchPath)
    while current.kind != .endOfFile, current.range.start < token.range.start { advance() }
    panicking = false
  }

  private mutating func parseImport() -> ImportDeclaration {
    let range = current.range
    advance()
    while !atEnd && current.kind != .semicolon && current.kind != .rightBrace { advance() }
    _ = consume(.semicolon)
    return ImportDeclaration(keywordRange: range)
  }
}
