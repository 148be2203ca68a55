import RulesSyntax

/// Prints a parsed file in the canonical layout, reading its tokens and comments in order.
///
/// The tree decides the structure (where statements and blocks start and end); the tokens are
/// written as they are spelled, so literals, parentheses and names never change. Recursion
/// follows block nesting only, which the parser bounds.
struct LayoutPrinter {
  private let file: RulesFile
  private let bytes: [UInt8]
  private var stream: SourceElementStream
  private var writer: LineWriter
  /// The offset just past the last element consumed.
  private var lastEnd = 0
  /// Set after a line comment: the next text must start a new line.
  private var mustBreak = false
  private var lastTokenKind: TokenKind?

  init(file: RulesFile) {
    self.file = file
    self.bytes = file.source.bytes
    self.stream = SourceElementStream(bytes: bytes, verbatim: VerbatimRanges.of(file))
    self.writer = LineWriter(lineEnding: Self.lineEnding(of: bytes))
  }

  /// The formatted text.
  mutating func render() -> String {
    let first = printBody(file.statements, indent: 0)
    printRest(indent: 0, first: first)
    return writer.finish()
  }

  /// The line ending of the first line break: CRLF when it is one, else LF.
  private static func lineEnding(of bytes: [UInt8]) -> String {
    guard let index = bytes.firstIndex(of: 0x0A) else { return "\n" }
    return index > 0 && bytes[index - 1] == 0x0D ? "\r\n" : "\n"
  }

  // MARK: Bodies

  /// Prints `statements` one per line at `indent`, with the comments before each; returns
  /// whether nothing was printed (so no blank line may follow the opening brace).
  private mutating func printBody(_ statements: [Statement], indent: Int) -> Bool {
    var first = true
    for statement in statements {
      printGap(until: statement.range.start, indent: indent, first: &first)
      startLine(at: statement.range.start, indent: indent, first: first)
      first = false
      printStatement(statement, indent: indent)
    }
    return first
  }

  private mutating func printStatement(_ statement: Statement, indent: Int) {
    switch statement.kind {
    case .service(let service):
      printHeader(indent: indent)
      printClosing(indent: indent, first: printBody(service.body, indent: indent + 1))
    case .match(let block):
      printHeader(indent: indent)
      printClosing(indent: indent, first: printBody(block.body, indent: indent + 1))
    case .function(let function):
      printHeader(indent: indent)
      var first = true
      for item in function.body {
        printGap(until: item.range.start, indent: indent + 1, first: &first)
        startLine(at: item.range.start, indent: indent + 1, first: first)
        first = false
        printTokens(until: item.range.end, indent: indent + 1)
      }
      printClosing(indent: indent, first: first)
    case .version, .allow, .importDeclaration, .missing:
      printTokens(until: statement.range.end, indent: indent)
    }
  }

  /// Starts the line of a statement that begins at `offset`, after a blank line when the
  /// source has one there (never first in a block).
  private mutating func startLine(at offset: Int, indent: Int, first: Bool) {
    writer.breakLine(indent: indent, blank: !first && newlines(before: offset) >= 2)
    mustBreak = false
    lastTokenKind = nil
  }

  /// Prints the comments before `offset` in a body, dropping stray `;`.
  private mutating func printGap(until offset: Int, indent: Int, first: inout Bool) {
    while true {
      let element = stream.peek()
      guard element.start < offset else { return }
      switch element {
      case .end: return
      case .comment(let comment):
        _ = stream.next()
        printBodyComment(comment, indent: indent, first: &first)
      default:
        _ = stream.next()
        printStray(element, indent: indent, first: &first)
      }
    }
  }

  /// Prints what is left after the last statement of the file.
  private mutating func printRest(indent: Int, first: Bool) {
    var first = first
    printGap(until: Int.max, indent: indent, first: &first)
  }

  /// Prints comments up to a block's `}` at `indent + 1`, then the `}` on its own line.
  private mutating func printClosing(indent: Int, first: Bool) {
    var first = first
    while true {
      let element = stream.next()
      switch element {
      case .end: return
      case .comment(let comment): printBodyComment(comment, indent: indent + 1, first: &first)
      case .token(let token) where token.kind == .rightBrace:
        writer.breakLine(indent: indent)
        writer.write("}", spaced: false)
        lastEnd = token.range.end
        mustBreak = false
        return
      default: printStray(element, indent: indent + 1, first: &first)
      }
    }
  }

  /// A comment between statements: trailing when it shares the previous text's line, else on
  /// a line of its own.
  private mutating func printBodyComment(_ comment: Comment, indent: Int, first: inout Bool) {
    let lineBreaks = newlines(before: comment.range.start)
    if lineBreaks == 0 && !writer.isAtLineStart && !mustBreak {
      writer.write(text(of: comment), spaced: true)
    } else {
      writer.breakLine(indent: indent, blank: !first && lineBreaks >= 2)
      writer.write(text(of: comment), spaced: false)
      first = false
    }
    mustBreak = !comment.isBlock
    lastEnd = comment.range.end
  }

  /// A token outside every statement: a stray `;` is dropped; anything else (which a file
  /// without syntax errors does not have) is kept on a line of its own.
  private mutating func printStray(_ element: SourceElement, indent: Int, first: inout Bool) {
    defer { lastEnd = element.end }
    if element.tokenKind == .semicolon { return }
    writer.breakLine(indent: indent)
    writer.write(source(element.start, element.end), spaced: false)
    mustBreak = true
    first = false
  }

  // MARK: Statements

  /// Prints a block's header up to its `{`, then the `{` on the same line.
  private mutating func printHeader(indent: Int) {
    var spacing = TokenSpacing()
    while true {
      let element = stream.peek()
      if case .end = element { return }
      if element.tokenKind == .leftBrace { break }
      printElement(stream.next(), indent: indent, spacing: &spacing)
    }
    let brace = stream.next()
    if mustBreak { writer.breakLine(indent: indent) }
    writer.write("{", spaced: true)
    lastEnd = brace.end
    mustBreak = false
  }

  /// Prints the tokens and comments of a statement ending at `end`, then its `;`.
  private mutating func printTokens(until end: Int, indent: Int) {
    var spacing = TokenSpacing()
    while true {
      let element = stream.peek()
      if case .end = element { break }
      guard element.start < end else { break }
      _ = stream.next()
      // `cond // note` then `;` on the next line: the `;` moves before the comment.
      if case .comment(let comment) = element, !comment.isBlock, isTrailing(comment),
        stream.peek().tokenKind == .semicolon, stream.peek().start < end
      {
        printElement(stream.next(), indent: indent, spacing: &spacing)
      }
      printElement(element, indent: indent, spacing: &spacing)
    }
    if lastTokenKind != .semicolon {
      if mustBreak { writer.breakLine(indent: indent + 1) }
      writer.write(";", spaced: false)
      mustBreak = false
    }
  }

  /// Whether `comment` follows text on the current output line in the source too.
  private func isTrailing(_ comment: Comment) -> Bool {
    newlines(before: comment.range.start) == 0 && !writer.isAtLineStart && !mustBreak
  }

  private mutating func printElement(_ element: SourceElement, indent: Int, spacing: inout TokenSpacing) {
    let continuation = indent + 1
    switch element {
    case .end: return
    case .comment(let comment):
      if isTrailing(comment) {
        let spaced = comment.isBlock ? spacing.spaceBeforeBlockComment() : true
        writer.write(text(of: comment), spaced: spaced)
      } else {
        writer.breakLine(indent: continuation + spacing.depth(before: nil))
        writer.write(text(of: comment), spaced: false)
        if comment.isBlock { _ = spacing.spaceBeforeBlockComment() }
      }
      mustBreak = !comment.isBlock
    case .token(let token):
      let depth = spacing.depth(before: token.kind)
      let text = source(token.range.start, token.range.end)
      let spaced = spacing.space(before: token.kind, text: text)
      let breaks = mustBreak || (newlines(before: token.range.start) > 0 && token.kind != .semicolon)
      write(text, spaced: spaced, breakingTo: breaks ? continuation + depth : nil)
      lastTokenKind = token.kind
    case .verbatim(let range):
      let depth = spacing.depth(before: nil)
      let spaced = spacing.spaceBeforeOperand()
      let breaks = mustBreak || newlines(before: range.start) > 0
      write(source(range.start, range.end), spaced: spaced, breakingTo: breaks ? continuation + depth : nil)
      lastTokenKind = .identifier
    }
    lastEnd = max(lastEnd, element.end)
  }

  /// Writes a token's text, on a new line at `indent` when one is given and the current line
  /// already has text.
  private mutating func write(_ text: String, spaced: Bool, breakingTo indent: Int?) {
    if let indent, !writer.isAtLineStart { writer.breakLine(indent: indent) }
    writer.write(text, spaced: spaced)
    mustBreak = false
  }

  // MARK: Source

  /// The number of line feeds between the last consumed element and `offset`.
  private func newlines(before offset: Int) -> Int {
    var count = 0
    var index = lastEnd
    let limit = min(offset, bytes.count)
    while index < limit {
      if bytes[index] == 0x0A { count += 1 }
      index += 1
    }
    return count
  }

  private func source(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// A comment's text; a line comment loses its trailing spaces and tabs.
  private func text(of comment: Comment) -> String {
    var end = comment.range.end
    if !comment.isBlock {
      while end > comment.range.start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    }
    return source(comment.range.start, end)
  }
}
