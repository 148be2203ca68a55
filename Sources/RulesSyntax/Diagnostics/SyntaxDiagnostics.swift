/// The parser's diagnostics: identities and message texts, alphabetised by member name.
///
/// Every one of them stops `firebase deploy` (decisions.md §21): Firebase's compiler refuses
/// the file. The parser still recovers, so the rest of the file is checked.
public enum SyntaxDiagnostics {
  public static let byteOrderMark = DiagnosticID(
    code: "RS014", name: "byte-order-mark", defaultSeverity: .error, blocksDeploy: true)
  public static let invalidEscape = DiagnosticID(
    code: "RS005", name: "invalid-escape", defaultSeverity: .error, blocksDeploy: true)
  public static let invalidMatchPath = DiagnosticID(
    code: "RS008", name: "invalid-match-path", defaultSeverity: .error, blocksDeploy: true)
  public static let invalidNumber = DiagnosticID(
    code: "RS006", name: "invalid-number", defaultSeverity: .error, blocksDeploy: true)
  public static let invalidUTF8 = DiagnosticID(
    code: "RS001", name: "invalid-utf8", defaultSeverity: .error, blocksDeploy: true)
  public static let javaScriptSyntax = DiagnosticID(
    code: "RS009", name: "javascript-syntax", defaultSeverity: .error, blocksDeploy: true)
  public static let missingIf = DiagnosticID(
    code: "RS012", name: "missing-if", defaultSeverity: .error, blocksDeploy: true)
  public static let missingSemicolon = DiagnosticID(
    code: "RS013", name: "missing-semicolon", defaultSeverity: .error, blocksDeploy: true)
  public static let nestingTooDeep = DiagnosticID(
    code: "RS010", name: "nesting-too-deep", defaultSeverity: .error, blocksDeploy: true)
  public static let tooManyErrors = DiagnosticID(
    code: "RS011", name: "too-many-errors", defaultSeverity: .error, blocksDeploy: true)
  public static let unexpectedCharacter = DiagnosticID(
    code: "RS002", name: "unexpected-character", defaultSeverity: .error, blocksDeploy: true)
  public static let unexpectedToken = DiagnosticID(
    code: "RS007", name: "unexpected-token", defaultSeverity: .error, blocksDeploy: true)
  public static let unterminatedComment = DiagnosticID(
    code: "RS004", name: "unterminated-comment", defaultSeverity: .error, blocksDeploy: true)
  public static let unterminatedString = DiagnosticID(
    code: "RS003", name: "unterminated-string", defaultSeverity: .error, blocksDeploy: true)

  /// Every identity the parser can produce.
  public static let all: [DiagnosticID] = [
    invalidUTF8, unexpectedCharacter, unterminatedString, unterminatedComment, invalidEscape,
    invalidNumber, unexpectedToken, invalidMatchPath, javaScriptSyntax, nestingTooDeep,
    tooManyErrors, missingIf, missingSemicolon, byteOrderMark,
  ]

  /// Syntax errors kept per file before the rest are summarised.
  public static let maximumErrors = 100

  /// How deeply expressions and blocks may nest before the parser gives up on them.
  public static let maximumNesting = 200
}

/// Message texts for the parser's diagnostics.
enum SyntaxMessage {
  static func expected(_ what: String, found: String) -> String {
    "expected \(what), found \(found)"
  }

  static func invalidUTF8(byte: UInt8, offset: Int) -> String {
    "file is not valid UTF-8: invalid byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset)"
  }

  static func javaScript(_ spelling: String, instead: String) -> String {
    "'\(spelling)' is JavaScript, not rules syntax; \(instead)"
  }

  static let letNeedsSemicolon =
    "missing ';' after 'let' binding (Let assignment statements must be separated by semicolons)"

  static let missingIf =
    "expected 'if' after ':' in an 'allow' statement (Missing 'if' before conditional expression.)"

  static func nestingTooDeep(_ limit: Int) -> String {
    "nesting deeper than \(limit) levels; the rest of this statement is skipped"
  }

  static func tooManyErrors(_ count: Int) -> String {
    "\(count) more syntax error\(count == 1 ? "" : "s") not shown"
  }

  static let unterminatedComment = "unterminated block comment"
  static let unterminatedString = "unterminated string literal"
}
