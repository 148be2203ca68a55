import RulesSyntax

/// Decides whether a space goes between two tokens of one statement, and tracks the brackets
/// that decide it (and the indentation of continuation lines).
///
/// Binary operators, `=` and `?` get a space on each side; commas and colons a space after;
/// nothing goes inside brackets, before `,` `;` `.`, after `.` or a unary operator, or between
/// a callee and its `(` or a value and its `[`. A ternary's `:` is spaced like an operator, a
/// slice's `:` not at all.
struct TokenSpacing {
  private enum Previous {
    case none
    case token(TokenKind, isOperandEnd: Bool, isUnary: Bool, isSliceColon: Bool)
    case blockComment
  }

  private struct Frame {
    var opener: TokenKind
    var pendingTernaries = 0
  }

  private var previous = Previous.none
  private var frames: [Frame] = []
  private var topLevelTernaries = 0
  /// Words that end no operand: after them `-` is unary and `(` is not a call.
  private static let keywords: Set<String> = ["if", "return", "in", "is", "let"]

  /// The number of brackets open before `kind` (a closing bracket counts as already closed).
  func depth(before kind: TokenKind?) -> Int {
    switch kind {
    case .rightParen, .rightBracket, .rightBrace: max(0, frames.count - 1)
    default: frames.count
    }
  }

  /// Whether a space goes before a token of `kind` with text `text`; records the token.
  mutating func space(before kind: TokenKind, text: String) -> Bool {
    let spaced = wantsSpace(before: kind)
    record(kind, text: text)
    return spaced
  }

  /// Whether a space goes before a block comment; records it.
  mutating func spaceBeforeBlockComment() -> Bool {
    let spaced: Bool
    switch previous {
    case .none: spaced = false
    case .blockComment: spaced = true
    case .token(let kind, _, let isUnary, let isSliceColon):
      spaced = !(isUnary || isSliceColon || [.leftParen, .leftBracket, .leftBrace, .dot].contains(kind))
    }
    previous = .blockComment
    return spaced
  }

  private func wantsSpace(before kind: TokenKind) -> Bool {
    switch previous {
    case .none: return false
    case .blockComment:
      return ![.rightParen, .rightBracket, .rightBrace, .comma, .semicolon, .dot].contains(kind)
    case .token(let previousKind, let isOperandEnd, let isUnary, let isSliceColon):
      if previousKind == .minus && kind == .minus { return true }  // never `--`
      if isUnary || isSliceColon { return false }
      if [.leftParen, .leftBracket, .leftBrace, .dot].contains(previousKind) { return false }
      switch kind {
      case .rightParen, .rightBracket, .rightBrace, .comma, .semicolon, .dot: return false
      case .colon: return pendingTernaries > 0
      case .leftParen, .leftBracket: return !isOperandEnd
      default: return true
      }
    }
  }

  private var pendingTernaries: Int { frames.last?.pendingTernaries ?? topLevelTernaries }

  private mutating func record(_ kind: TokenKind, text: String) {
    var isOperandEnd = false
    var isUnary = false
    var isSliceColon = false
    switch kind {
    case .identifier: isOperandEnd = !Self.keywords.contains(text)
    case .integer, .float, .string, .bytes, .rightParen, .rightBracket, .rightBrace:
      isOperandEnd = true
    case .bang: isUnary = true
    case .minus: isUnary = !previousIsOperandEnd
    default: break
    }
    switch kind {
    case .leftParen, .leftBracket, .leftBrace: frames.append(Frame(opener: kind))
    case .rightParen, .rightBracket, .rightBrace: _ = frames.popLast()
    case .question: adjustTernaries(by: 1)
    case .colon:
      if pendingTernaries > 0 {
        adjustTernaries(by: -1)
      } else {
        isSliceColon = frames.last?.opener == .leftBracket
      }
    default: break
    }
    previous = .token(kind, isOperandEnd: isOperandEnd, isUnary: isUnary, isSliceColon: isSliceColon)
  }

  /// Records a copied match path or path literal, which ends an operand.
  private mutating func recordOperand() {
    previous = .token(.identifier, isOperandEnd: true, isUnary: false, isSliceColon: false)
  }

  /// Whether a space goes before a copied match path or path literal; records it.
  mutating func spaceBeforeOperand() -> Bool {
    let spaced = wantsSpace(before: .identifier)
    recordOperand()
    return spaced
  }

  private var previousIsOperandEnd: Bool {
    if case .token(_, let isOperandEnd, _, _) = previous { return isOperandEnd }
    return false
  }

  private mutating func adjustTernaries(by delta: Int) {
    if frames.isEmpty {
      topLevelTernaries += delta
    } else {
      frames[frames.count - 1].pendingTernaries += delta
    }
  }
}
