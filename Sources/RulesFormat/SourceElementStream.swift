import RulesSyntax

/// Reads a source's tokens and comments in order, with one element of lookahead.
///
/// Match paths and path literals are handed out whole as ``SourceElement/verbatim(_:)``: the
/// stream is given their ranges, sorted, and jumps over them, so comments inside them stay part
/// of the copied text. Each byte is read once.
struct SourceElementStream {
  private var lexer: Lexer
  private let verbatim: [SourceRange]
  private var verbatimIndex = 0
  private var commentIndex = 0
  private var lookahead: SourceElement?

  init(bytes: [UInt8], verbatim: [SourceRange]) {
    self.lexer = Lexer(bytes: bytes)
    self.verbatim = verbatim
  }

  /// The next element, left in place.
  mutating func peek() -> SourceElement {
    if let lookahead { return lookahead }
    let element = produce()
    lookahead = element
    return element
  }

  /// The next element, consumed.
  mutating func next() -> SourceElement {
    let element = peek()
    lookahead = nil
    return element
  }

  private mutating func produce() -> SourceElement {
    if let comment = pendingComment() { return .comment(comment) }
    lexer.skipTrivia()
    if let comment = pendingComment() { return .comment(comment) }
    while verbatimIndex < verbatim.count, verbatim[verbatimIndex].start < lexer.position {
      verbatimIndex += 1
    }
    if verbatimIndex < verbatim.count, verbatim[verbatimIndex].start == lexer.position {
      let range = verbatim[verbatimIndex]
      verbatimIndex += 1
      if !range.isEmpty {
        lexer.position = range.end
        return .verbatim(range)
      }
    }
    let token = lexer.next()
    if token.kind == .endOfFile { return .end(token.range.start) }
    return .token(token)
  }

  private mutating func pendingComment() -> Comment? {
    guard commentIndex < lexer.comments.count else { return nil }
    commentIndex += 1
    return lexer.comments[commentIndex - 1]
  }
}
