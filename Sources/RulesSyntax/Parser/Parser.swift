/// Parses rules source into a ``RulesFile``. Never throws and never stops at the first error.
public enum RulesParser {
  /// Parses `source`, reporting every syntax error (up to ``SyntaxDiagnostics/maximumErrors``).
  public static func parse(_ source: SourceFile) -> RulesFile {
    var parser = Parser(source: source)
    let statements = parser.parseBody(.file)
    return RulesFile(
      source: source, statements: statements, comments: parser.lexer.comments,
      diagnostics: parser.finishDiagnostics())
  }

  /// Parses `text` as a file named `path`.
  public static func parse(_ text: String, path: String = "<input>") -> RulesFile {
    parse(SourceFile(path: path, text: text))
  }
}

/// The recursive-descent parser's state. Grammar areas live in extensions, one file each.
struct Parser {
  let source: SourceFile
  var lexer: Lexer
  var current: Token
  /// The end offset of the last consumed token.
  var previousEnd = 0
  var diagnostics: [Diagnostic] = []
  /// Set after an error until the statement loop resynchronises; suppresses cascades.
  var panicking = false
  /// Current nesting of blocks and expressions, bounded by ``SyntaxDiagnostics/maximumNesting``.
  var depth = 0
  /// Start offsets of `diagnostics`, so a file with many errors is not quadratic to check.
  private var reportedStarts: Set<Int> = []

  init(source: SourceFile) {
    self.source = source
    self.lexer = Lexer(bytes: source.bytes)
    self.current = Token(.endOfFile, .empty(at: 0))
    if let invalid = UTF8Validation.firstInvalidOffset(source.bytes) {
      diagnostics.append(
        Diagnostic(
          SyntaxDiagnostics.invalidUTF8,
          SyntaxMessage.invalidUTF8(byte: source.bytes[invalid], offset: invalid),
          at: SourceRange(start: invalid, end: invalid + 1)))
      reportedStarts.insert(invalid)
    }
    advance()
  }

  // MARK: Tokens

  mutating func advance() {
    previousEnd = current.range.end
    current = lexer.next()
  }

  var atEnd: Bool { current.kind == .endOfFile }

  func text(_ token: Token) -> String { source.text(token.range) }

  /// Whether the current token is the identifier `word` (compared as bytes, no string built).
  func isWord(_ word: String) -> Bool {
    current.kind == .identifier && current.range.length == word.utf8.count
      && source.bytes[current.range.start..<current.range.end].elementsEqual(word.utf8)
  }

  /// Consumes the current token if it has `kind`.
  mutating func consume(_ kind: TokenKind) -> Bool {
    guard current.kind == kind else { return false }
    advance()
    return true
  }

  /// Consumes a token of `kind` or reports that `what` was expected.
  @discardableResult
  mutating func expect(_ kind: TokenKind, _ what: String) -> Bool {
    if consume(kind) { return true }
    errorAtCurrent(SyntaxMessage.expected(what, found: describe(current)))
    return false
  }

  /// How a token is named in messages.
  func describe(_ token: Token) -> String {
    switch token.kind {
    case .endOfFile: "end of file"
    case .identifier: "'\(text(token))'"
    case .integer, .float: "number \(text(token))"
    case .string: "string \(text(token))"
    case .bytes: "bytes literal"
    case .invalid: "invalid character"
    default: "'\(text(token))'"
    }
  }

  // MARK: Diagnostics

  /// Reports an error unless the parser is already recovering from one.
  mutating func error(
    _ message: String, at range: SourceRange, id: DiagnosticID = SyntaxDiagnostics.unexpectedToken
  ) {
    guard !panicking else { return }
    panicking = true
    // One report per place: cascades at the end of the file say nothing new.
    if reportedStarts.contains(range.start) { return }
    // The lexer has already explained invalid characters.
    if current.kind == .invalid && range == current.range { return }
    diagnostics.append(Diagnostic(id, message, at: range))
    reportedStarts.insert(range.start)
  }

  mutating func errorAtCurrent(_ message: String, id: DiagnosticID = SyntaxDiagnostics.unexpectedToken) {
    error(message, at: current.range, id: id)
  }

  /// Reports without entering recovery: the parse can go on as if the source were right.
  mutating func warnAndContinue(_ id: DiagnosticID, _ message: String, at range: SourceRange) {
    guard !panicking else { return }
    diagnostics.append(Diagnostic(id, message, at: range))
    reportedStarts.insert(range.start)
  }

  /// Enters one level of nesting; false (and one report) when the limit is passed.
  mutating func enterNesting() -> Bool {
    depth += 1
    return !nestingExceeded()
  }

  /// True (after one report) when `depth` is past the limit.
  mutating func nestingExceeded() -> Bool {
    guard depth > SyntaxDiagnostics.maximumNesting else { return false }
    error(
      SyntaxMessage.nestingTooDeep(SyntaxDiagnostics.maximumNesting), at: current.range,
      id: SyntaxDiagnostics.nestingTooDeep)
    return true
  }

  mutating func leaveNesting() { depth -= 1 }

  /// Merges lexer and parser diagnostics in source order and caps the count.
  mutating func finishDiagnostics() -> [Diagnostic] {
    var seen = Set<Int>()
    let all = (diagnostics + lexer.diagnostics).sortedBySource().filter {
      seen.insert($0.range.start).inserted
    }
    let limit = SyntaxDiagnostics.maximumErrors
    guard all.count > limit else { return all }
    var kept = Array(all.prefix(limit))
    let rest = all.count - limit
    kept.append(
      Diagnostic(
        SyntaxDiagnostics.tooManyErrors, SyntaxMessage.tooManyErrors(rest),
        at: all[limit].range))
    return kept
  }
}
