/// Turns rules source bytes into tokens, on demand.
///
/// The parser drives the lexer and may move `position` back to re-read a stretch as path syntax
/// (match paths and path literals have their own character rules). Diagnostics are recorded once
/// per offset, so re-reading never duplicates them.
public struct Lexer: Sendable {
  public let bytes: [UInt8]
  /// The offset of the next byte to read.
  public var position: Int
  public private(set) var diagnostics: [Diagnostic] = []
  public private(set) var comments: [Comment] = []
  private var reportedOffsets: Set<Int> = []
  /// Whether comments and diagnostics are recorded; a copy used to look ahead turns it off, so
  /// looking ahead never copies the records.
  var isRecording = true

  public init(bytes: [UInt8]) {
    self.bytes = bytes
    self.position = 0
    // firebase-tools uploads the file as read, and the compiler refuses a byte order mark
    // (`token recognition error at: '\uFEFF'`). It is reported, with a fix, and skipped.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      let range = SourceRange(start: 0, end: 3)
      diagnostics.append(
        Diagnostic(
          SyntaxDiagnostics.byteOrderMark,
          "the file starts with a UTF-8 byte order mark, which Firebase's compiler refuses "
            + "(token recognition error at: '\\uFEFF')", at: range,
          fixes: [
            Fix(
              "remove the byte order mark", edits: [TextEdit(range: range, replacement: "")],
              applicability: .safe)
          ]))
      reportedOffsets.insert(0)
      position = 3
    }
  }

  func peekByte(_ ahead: Int = 0) -> UInt8? {
    let index = position + ahead
    return index < bytes.count ? bytes[index] : nil
  }

  /// The offset of the first byte from `index` on that `accepts` refuses, or the end.
  func scan(from index: Int, while accepts: (UInt8) -> Bool) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var index = index
      while index < buffer.count, accepts(buffer[index]) { index += 1 }
      return index
    }
  }

  func byte(at index: Int) -> UInt8? { index >= 0 && index < bytes.count ? bytes[index] : nil }

  mutating func report(_ id: DiagnosticID, _ message: String, _ range: SourceRange) {
    guard isRecording, reportedOffsets.insert(range.start).inserted else { return }
    diagnostics.append(Diagnostic(id, message, at: range))
  }

  /// Skips whitespace and comments, recording comments.
  public mutating func skipTrivia() {
    while let byte = peekByte() {
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
        position = scan(from: position + 1) { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
      case UInt8(ascii: "/") where peekByte(1) == UInt8(ascii: "/"):
        let start = position
        position = scan(from: position) { $0 != 0x0A }
        // The CR of a CRLF ends the line; it is not part of the comment.
        let endsInCRLF = position > start + 2 && bytes[position - 1] == 0x0D && peekByte() == 0x0A
        let end = endsInCRLF ? position - 1 : position
        record(Comment(range: SourceRange(start: start, end: end), isBlock: false))
      case UInt8(ascii: "/") where peekByte(1) == UInt8(ascii: "*"):
        let start = position
        position += 2
        var closed = false
        while let next = peekByte() {
          if next == UInt8(ascii: "*"), peekByte(1) == UInt8(ascii: "/") {
            position += 2
            closed = true
            break
          }
          position += 1
        }
        if !closed {
          report(
            SyntaxDiagnostics.unterminatedComment, SyntaxMessage.unterminatedComment,
            SourceRange(start: start, end: start + 2))
        }
        record(Comment(range: SourceRange(start: start, end: position), isBlock: true))
      default:
        return
      }
    }
  }

  private mutating func record(_ comment: Comment) {
    guard isRecording else { return }
    if let last = comments.last, last.range.start >= comment.range.start { return }
    comments.append(comment)
  }

  /// Reads the next token.
  public mutating func next() -> Token {
    skipTrivia()
    let start = position
    guard let byte = peekByte() else { return Token(.endOfFile, .empty(at: start)) }
    if byte.isIdentifierStart {
      let letter = byte | 0x20
      if letter == UInt8(ascii: "r") || letter == UInt8(ascii: "b"),
        let prefixed = lexPrefixedString(start: start)
      {
        return prefixed
      }
      position = scan(from: position + 1) { $0.isIdentifierContinue }
      return Token(.identifier, SourceRange(start: start, end: position))
    }
    if byte.isDigit || (byte == UInt8(ascii: ".") && (peekByte(1)?.isDigit ?? false)) {
      return lexNumber(start: start)
    }
    if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
      return lexString(start: start, rawMode: false, isBytes: false)
    }
    if let token = lexPunctuation(start: start) { return token }
    return lexInvalid(start: start)
  }

  private mutating func lexInvalid(start: Int) -> Token {
    // One diagnostic for a whole run of bytes that cannot start a token.
    position += 1
    while let next = peekByte(), next >= 0x80 && next & 0xC0 == 0x80 { position += 1 }
    let range = SourceRange(start: start, end: position)
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    let shown = bytes[start] == 0 ? "NUL byte" : "character '\(text)'"
    report(SyntaxDiagnostics.unexpectedCharacter, "unexpected \(shown)", range)
    return Token(.invalid, range)
  }
}

extension UInt8 {
  var isDigit: Bool { self >= 0x30 && self <= 0x39 }
  var isHexDigit: Bool {
    isDigit || (self >= 0x41 && self <= 0x46) || (self >= 0x61 && self <= 0x66)
  }
  var isIdentifierStart: Bool {
    (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) || self == 0x5F
  }
  var isIdentifierContinue: Bool { isIdentifierStart || isDigit }
}
