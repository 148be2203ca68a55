import RulesSyntax

/// The tokens before an offset and what they say about the place: the word being typed, the
/// enclosing blocks, whether a statement starts there. Works on any text, finished or not.
struct TokenScan {
  /// Where a token sits while scanning.
  enum Frame: Equatable {
    case block(BlockKind)
    case group
    case pathBrace
  }

  /// Tokens that start before the offset, without the word being typed.
  private(set) var tokens: [Token] = []
  /// The part of the word before the offset (empty at the offset when none).
  private(set) var prefixRange: SourceRange
  /// The enclosing frames, outermost first (the file is implied).
  private(set) var frames: [Frame] = []
  /// Whether the offset is inside a string or bytes literal.
  private(set) var isInString = false
  /// The statement keyword (`match`, `service`, `function`) whose `{` has not come yet.
  private(set) var header: BlockKind?
  let source: SourceFile

  init(_ source: SourceFile, offset: Int) {
    self.source = source
    var lexer = Lexer(bytes: source.bytes)
    var all: [Token] = []
    while true {
      let token = lexer.next()
      if token.kind == .endOfFile || token.range.start >= offset { break }
      all.append(token)
    }
    if let last = all.last, last.kind == .string || last.kind == .bytes, offset < last.range.end {
      isInString = true
    }
    if let last = all.last, last.kind == .identifier, last.range.end >= offset {
      prefixRange = SourceRange(start: last.range.start, end: offset)
      all.removeLast()
    } else {
      prefixRange = .empty(at: offset)
    }
    tokens = all
    for (position, token) in all.enumerated() {
      track(token, previous: position > 0 ? all[position - 1] : nil)
    }
  }

  private mutating func track(_ token: Token, previous: Token?) {
    switch token.kind {
    case .identifier where frames.last.isBlockOrFile:
      switch text(token) {
      case "match": header = .match
      case "service": header = .service
      case "function": header = .function
      default: break
      }
    case .leftBrace:
      if previous?.kind == .slash {
        frames.append(.pathBrace)
      } else if let header, frames.last.isBlockOrFile {
        frames.append(.block(header))
        self.header = nil
      } else {
        frames.append(.group)
      }
    case .leftParen, .leftBracket:
      frames.append(.group)
    case .rightBrace, .rightParen, .rightBracket:
      // A block's `}` ends its statement; a wildcard's or a group's does not.
      if case .block? = frames.popLast() { header = nil }
    case .semicolon where frames.last.isBlockOrFile:
      header = nil
    default:
      break
    }
  }

  func text(_ token: Token) -> String { source.text(token.range) }

  /// The innermost enclosing block.
  var block: BlockKind {
    for frame in frames.reversed() {
      if case .block(let kind) = frame { return kind }
    }
    return .file
  }

  /// Whether a statement may start at the offset: directly in a block, after `{`, `}` or `;`,
  /// or on a new line after a finished expression (an `allow` missing its `;`).
  var isStatementStart: Bool {
    guard frames.last.isBlockOrFile, header == nil else { return false }
    guard let previous = tokens.last else { return true }
    switch previous.kind {
    case .leftBrace, .rightBrace, .semicolon: return true
    case .identifier, .integer, .float, .string, .bytes, .rightParen, .rightBracket:
      let word = text(previous)
      if ["if", "in", "is", "return", "allow", "match", "function", "service", "let"].contains(word) {
        return false
      }
      let lines = source.lineIndex
      return lines.line(of: previous.range.start) < lines.line(of: prefixRange.start)
    default: return false
    }
  }

  /// The methods already listed when the offset follows `allow m1, m2,` or `allow`; nil when it
  /// does not.
  var allowMethodsBefore: [String]? {
    var position = tokens.count - 1
    var methods: [String] = []
    while position >= 1, tokens[position].kind == .comma, tokens[position - 1].kind == .identifier {
      methods.append(text(tokens[position - 1]))
      position -= 2
    }
    guard position >= 0, tokens[position].kind == .identifier, text(tokens[position]) == "allow" else {
      return nil
    }
    return methods
  }

  /// Whether the offset follows `allow m1, m2:` (where `if` comes).
  var followsAllowColon: Bool {
    guard let last = tokens.last, last.kind == .colon else { return false }
    var position = tokens.count - 2
    while position >= 0, tokens[position].kind == .identifier || tokens[position].kind == .comma {
      if tokens[position].kind == .identifier, text(tokens[position]) == "allow" { return true }
      position -= 1
    }
    return false
  }
}

extension Optional where Wrapped == TokenScan.Frame {
  /// Whether this innermost frame (nil: the file) is a block where statements sit.
  var isBlockOrFile: Bool {
    switch self {
    case nil, .block?: true
    default: false
    }
  }
}

/// Where a statement list sits.
enum BlockKind: Sendable, Equatable {
  case file, service, match, function
}
