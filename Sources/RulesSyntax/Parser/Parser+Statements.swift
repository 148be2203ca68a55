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
    var statements: [Statement] = []
    while !atEnd {
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
      if current.range.start == before && !atEnd && current.kind != .rightBrace { advance() }
    }
    return statements
  }

  private mutating func parseStatement(_ context: BodyContext) -> Statement? {
    let start = current.range.start
    let kind: Statement.Kind
    switch current.kind {
    case .semicolon:
      advance()
      return nil
    case .slash where context != .file:
      // `/path { … }` with the keyword forgotten.
      errorAtCurrent("missing 'match' keyword before path")
      panicking = false
      kind = .match(parseMatchRest(keywordRange: .empty(at: start)))
    case .identifier:
      switch text(current) {
      case "rules_version", "syntax": kind = .version(parseVersion())
      case "service": kind = .service(parseService())
      case "match": kind = parseMatch()
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
      errorAtCurrent(SyntaxMessage.expected("a service name such as firebase.storage", found: describe(current)))
    }
    let name = Identifier(parts.joined(separator: "."), range: SourceRange(start: nameStart, end: previousEnd))
    let body = parseBlock(.service)
    return ServiceDeclaration(name: name, body: body)
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

  private mutating func parseImport() -> ImportDeclaration {
    let range = current.range
    advance()
    while !atEnd && current.kind != .semicolon && current.kind != .rightBrace { advance() }
    _ = consume(.semicolon)
    return ImportDeclaration(keywordRange: range)
  }
}
