import RulesSyntax

/// One piece of the source as the formatter meets it: a token, a comment, or a stretch copied
/// as written (a match path or a path literal, which have their own character rules).
enum SourceElement {
  case token(Token)
  case comment(Comment)
  case verbatim(SourceRange)
  case end(Int)

  /// The offset of the element's first byte (the end of the text for `end`).
  var start: Int {
    switch self {
    case .token(let token): token.range.start
    case .comment(let comment): comment.range.start
    case .verbatim(let range): range.start
    case .end(let offset): offset
    }
  }

  /// The offset just past the element's last byte.
  var end: Int {
    switch self {
    case .token(let token): token.range.end
    case .comment(let comment): comment.range.end
    case .verbatim(let range): range.end
    case .end(let offset): offset
    }
  }

  /// The token's kind, for tokens.
  var tokenKind: TokenKind? {
    if case .token(let token) = self { return token.kind }
    return nil
  }
}
