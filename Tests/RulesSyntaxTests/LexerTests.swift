import RulesSyntax
import Testing

/// Lexes `bytes` to the end; the end-of-file token is left out.
private func lex(_ bytes: [UInt8]) -> (tokens: [Token], lexer: Lexer) {
  var lexer = Lexer(bytes: bytes)
  var tokens: [Token] = []
  while true {
    let token = lexer.next()
    if token.kind == .endOfFile { break }
    tokens.append(token)
  }
  return (tokens, lexer)
}

/// A token as the tables spell it: names and punctuation as written, literals by decoded value.
private func spell(_ token: Token, in bytes: [UInt8]) -> String {
  let text = String(decoding: bytes[token.range.start..<token.range.end], as: UTF8.self)
  switch (token.kind, token.value) {
  case (.integer, .integer(let value)): return "int(\(value.map { String($0) } ?? "overflow"))"
  case (.float, .float(let value)): return "float(\(value))"
  case (.string, .string(let value)): return "str(\(String(reflecting: value)))"
  case (.bytes, .bytes(let value)):
    return "bytes("
      + value.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
      .joined(separator: " ") + ")"
  case (.javaScriptOperator, _): return "js(\(text))"
  case (.invalid, _): return "invalid"
  default: return text
  }
}

private func spellAll(_ source: String) -> [String] {
  let bytes = Array(source.utf8)
  return lex(bytes).tokens.map { spell($0, in: bytes) }
}

struct LexerCase: CustomTestStringConvertible, Sendable {
  var source: String
  var tokens: [String]
  var testDescription: String { String(reflecting: source) }

  init(_ source: String, _ tokens: [String]) {
    self.source = source
    self.tokens = tokens
  }
}

@Suite struct LexerTests {
  static let numbers: [LexerCase] = [
    .init("0 42 7", ["int(0)", "int(42)", "int(7)"]),
    .init("9223372036854775807", ["int(9223372036854775807)"]),
    // Int64.min is written `-9223372036854775808`: the lexer keeps the magnitude for the parser.
    .init("-9223372036854775808", ["-", "int(9223372036854775808)"]),
    .init("1.0 3.33 0.5", ["float(1.0)", "float(3.33)", "float(0.5)"]),
    .init(".5 2.5 6.02", ["float(0.5)", "float(2.5)", "float(6.02)"]),
    // No exponent digits: the `e` is a name. A dot after digits belongs to the number, as in
    // Firebase's lexer (`5.` is 5.0, so `1.size()` does not compile).
    .init("1e 1e+ 1.", ["int(1)", "e", "int(1)", "e", "+", "float(1.0)"]),
    .init("1.size()", ["float(1.0)", "size", "(", ")"]),
    .init("x.5", ["x", "float(0.5)"]),
    .init("a?.5:1", ["a", "?", "float(0.5)", ":", "int(1)"]),
  ]

  static let strings: [LexerCase] = [
    .init(#"'single' "double" '' """#, [#"str("single")"#, #"str("double")"#, #"str("")"#, #"str("")"#]),
    .init(
      #"'it\'s' "say \"hi\"" 'a"b' "a'b""#,
      [#"str("it\'s")"#, #"str("say \"hi\"")"#, #"str("a\"b")"#, #"str("a\'b")"#]),
    .init(#""\\ \' \" \b \f \n \r \t""#, [#"str("\\ \' \" \u{08} \u{0C} \n \r \t")"#]),
    .init(#"'\x41\u00e9\101\000'"#, [#"str("AéA\0")"#]),
    .init(#"'.*\\.txt' '\\d+'"#, [#"str(".*\\.txt")"#, #"str("\\d+")"#]),
    .init("'日本語' \"ünï ✓\"", [#"str("日本語")"#, #"str("ünï ✓")"#]),
    .init("'\t'", [#"str("\t")"#]),
    // Prefix letters only count directly before a quote.
    .init("r b rb br bb'x' rbx", ["r", "b", "rb", "br", "bb", #"str("x")"#, "rbx"]),
  ]

  static let bytes: [LexerCase] = [
    .init(#"b'\x0F' b'\x2A' b'\052' b'*'"#, ["bytes(0F)", "bytes(2A)", "bytes(2A)", "bytes(2A)"]),
    .init(#"b'\000\377' B"\xff\xFE""#, ["bytes(00 FF)", "bytes(FF FE)"]),
    .init(#"b'é' b'' b"\n""#, ["bytes(C3 A9)", "bytes()", "bytes(0A)"]),
  ]

  /// Literals Firebase's compiler refuses though CEL has them: each is read, for recovery, with
  /// CEL's value, and reported (RS006 for numbers, RS007 for raw and triple-quoted strings).
  static let refusedLiterals: [(LexerCase, [String])] = [
    (.init("0x1F 0XfF 0x0", ["int(31)", "int(255)", "int(0)"]), ["RS006", "RS006", "RS006"]),
    (
      .init(
        "1e3 1E+3 2.5e-3 6.02E23", ["float(1000.0)", "float(1000.0)", "float(0.0025)", "float(6.02e+23)"]),
      ["RS006", "RS006", "RS006", "RS006"]
    ),
    (
      .init(#"r'\d+' R"\n" r'''\'''"#, [#"str("\\d+")"#, #"str("\\n")"#, #"str("\\")"#]),
      ["RS007", "RS007", "RS007", "RS007"]
    ),
    (
      .init(
        "'''multi\nline 'quoted' ''' \"\"\"x\"y\"\"\"", [#"str("multi\nline \'quoted\' ")"#, #"str("x\"y")"#]),
      ["RS007", "RS007"]
    ),
    (
      .init(#"rb'\d' bR'x' Br"\\" RB'a'"#, ["bytes(5C 64)", "bytes(78)", "bytes(5C 5C)", "bytes(61)"]),
      ["RS007", "RS007", "RS007", "RS007"]
    ),
  ]

  @Test(arguments: refusedLiterals)
  func refusedLiteralsAreReadAndReported(_ row: (LexerCase, [String])) {
    #expect(spellAll(row.0.source) == row.0.tokens)
    #expect(lex(Array(row.0.source.utf8)).lexer.diagnostics.map(\.code) == row.1)
  }

  static let trivia: [LexerCase] = [
    .init("a // comment ✓ é\nb", ["a", "b"]),
    .init("a /* block\n ünï */ b/**/c", ["a", "b", "c"]),
    .init("a/*/b*/c", ["a", "c"]),
    .init("a\r\nb\r\n", ["a", "b"]),
    .init("\ta\t\tb\u{0B}\u{0C}c", ["a", "b", "c"]),
    .init("// only\n/* comments */", []),
    .init("", []),
  ]

  static let operators: [LexerCase] = [
    .init(
      "+ - * / % ! == != < <= > >= && || ? : . , ; [ ] ( ) { } = $",
      [
        "+", "-", "*", "/", "%", "!", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "?", ":", ".", ",", ";",
        "[", "]", "(", ")", "{", "}", "=", "$",
      ]),
    .init("a<=b>=c!=d==e", ["a", "<=", "b", ">=", "c", "!=", "d", "==", "e"]),
    .init("!!a", ["!", "!", "a"]),
    .init("=**", ["=", "*", "*"]),
    .init(
      "=== !== => ?. ?? &&= ||= ??= & |",
      ["js(===)", "js(!==)", "js(=>)", "js(?.)", "js(??)", "js(&&=)", "js(||=)", "js(??=)", "js(&)", "js(|)"]),
    // Longest spelling first, whatever follows it.
    .init(
      "==> !=== &&& ||| ?.. ??? <== >==",
      [
        "==", ">", "js(!==)", "=", "&&", "js(&)", "||", "js(|)", "js(?.)", ".", "js(??)", "?", "<=", "=",
        ">=", "=",
      ]),
    .init("`a ${b}` `x\\`y`", ["js(`a ${b}`)", "js(`x\\`y`)"]),
    .init("a?.b", ["a", "js(?.)", "b"]),
  ]

  @Test(arguments: numbers + strings + bytes + trivia + operators)
  func tokens(_ row: LexerCase) {
    #expect(spellAll(row.source) == row.tokens)
  }

  @Test(arguments: numbers + strings + bytes + trivia + operators)
  func tablesLexWithoutDiagnostics(_ row: LexerCase) {
    let (_, lexer) = lex(Array(row.source.utf8))
    #expect(lexer.diagnostics.map(\.message) == [])
  }

  /// Ranges in bytes, after a byte order mark, CRLF line ends, tabs and multi-byte text.
  /// Firebase's compiler refuses a leading byte order mark; the lexer reports it with a fix
  /// that removes it, and reads on.
  @Test func byteOrderMarkIsReportedAndReadPast() {
    let (tokens, lexer) = lex(Array("\u{FEFF}service".utf8))
    #expect(tokens.map(\.range) == [SourceRange(start: 3, end: 10)])
    #expect(lexer.diagnostics.map(\.code) == ["RS014"])
    #expect(lexer.diagnostics.first?.range == SourceRange(start: 0, end: 3))
    #expect(
      lexer.diagnostics.first?.fixes.first?.edits == [
        TextEdit(range: SourceRange(start: 0, end: 3), replacement: "")
      ])
    #expect(lex(Array("a\u{FEFF}".utf8)).lexer.diagnostics.map(\.code) == ["RS002"])
  }

  @Test func tokenRangesAreByteOffsets() {
    let source = MarkedSource("\u{FEFF}⟦a⟧\r\n\t⟦'é✓'⟧ // ü\r\n⟦b'\\x0F'⟧⟦==⟧⟦0x1F⟧ ⟦日⟧⟦本⟧")
    let tokens = lex(Array(source.text.utf8)).tokens
    #expect(tokens.map(\.range) == source.ranges)
    #expect(tokens.suffix(2).map(\.kind) == [.invalid, .invalid])
  }

  @Test func commentsAreRecordedWithRangesAndKinds() {
    let source = MarkedSource(
      "⟦// line é✓⟧\r\nallow ⟦/* block\n ünï */⟧ read⟦/**/⟧;⟦//⟧\n⟦/* unterminated ✓⟧")
    let lexer = lex(Array(source.text.utf8)).lexer
    #expect(lexer.comments.map(\.range) == source.ranges)
    #expect(lexer.comments.map(\.isBlock) == [false, true, true, false, true])
  }

  struct DiagnosticCase: CustomTestStringConvertible, Sendable {
    var marked: String
    var code: String
    var message: String
    var testDescription: String { String(reflecting: marked) }
  }

  static let diagnosticCases: [DiagnosticCase] = [
    .init(marked: "⟦'abc⟧\nx", code: "RS003", message: "unterminated string literal"),
    .init(marked: "⟦\"abc⟧", code: "RS003", message: "unterminated string literal"),
    .init(marked: "⟦'''⟧abc'''", code: "RS007", message: "triple-quoted strings are not rules syntax"),
    .init(marked: "⟦/*⟧ abc", code: "RS004", message: "unterminated block comment"),
    .init(
      marked: "'⟦\\q⟧'", code: "RS005", message: "unknown escape sequence '\\q'; write '\\\\' for a backslash"
    ),
    .init(marked: "b'⟦\\xF⟧'", code: "RS005", message: "escape needs exactly 2 hexadecimal digits"),
    .init(marked: "'⟦\\u12⟧'", code: "RS005", message: "escape needs exactly 4 hexadecimal digits"),
    .init(marked: "b'⟦\\0⟧'", code: "RS005", message: "octal escape needs exactly three digits (0-377)"),
    .init(marked: "'⟦\\400⟧'", code: "RS005", message: "octal escape needs exactly three digits (0-377)"),
    .init(marked: "'⟦\\uD800⟧'", code: "RS005", message: "escape is not a Unicode scalar value"),
    .init(
      marked: "'⟦\\U⟧'", code: "RS005", message: "unknown escape sequence '\\U'; write '\\\\' for a backslash"
    ),
    .init(
      marked: "'⟦\\a⟧'", code: "RS005", message: "unknown escape sequence '\\a'; write '\\\\' for a backslash"
    ),
    .init(
      marked: "'⟦\\v⟧'", code: "RS005", message: "unknown escape sequence '\\v'; write '\\\\' for a backslash"
    ),
    .init(
      marked: "'⟦\\?⟧'", code: "RS005", message: "unknown escape sequence '\\?'; write '\\\\' for a backslash"
    ),
    .init(
      marked: "'⟦\\`⟧'", code: "RS005", message: "unknown escape sequence '\\`'; write '\\\\' for a backslash"
    ),
    .init(
      marked: "'⟦\\X⟧'", code: "RS005", message: "unknown escape sequence '\\X'; write '\\\\' for a backslash"
    ),
    .init(
      marked: "'⟦\\.⟧'", code: "RS005", message: "unknown escape sequence '\\.'; write '\\\\' for a backslash"
    ),
    .init(marked: "⟦0x⟧", code: "RS006", message: "hexadecimal literal has no digits"),
    .init(
      marked: "⟦18446744073709551616⟧", code: "RS006",
      message: "integer literal 18446744073709551616 does not fit in 64 bits"),
    .init(
      marked: "⟦0x10000000000000000⟧", code: "RS006",
      message: "integer literal 0x10000000000000000 does not fit in 64 bits"),
    .init(
      marked: "⟦0xFFFFFFFFFFFFFFFF⟧", code: "RS006",
      message: "integer literal 0xFFFFFFFFFFFFFFFF does not fit in 64 bits"),
    .init(marked: "a ⟦#⟧ b", code: "RS002", message: "unexpected character '#'"),
    .init(marked: "a ⟦é⟧", code: "RS002", message: "unexpected character 'é'"),
    .init(marked: "a⟦\0⟧b", code: "RS002", message: "unexpected NUL byte"),
  ]

  @Test(arguments: diagnosticCases)
  func diagnostics(_ row: DiagnosticCase) {
    let source = MarkedSource(row.marked)
    let lexer = lex(Array(source.text.utf8)).lexer
    #expect(lexer.diagnostics.map(\.code) == [row.code])
    #expect(lexer.diagnostics.map(\.range) == [source.range])
    #expect(lexer.diagnostics.map(\.message) == [row.message])
  }

  /// Hexadecimal literals are refused (RS006) but read: the largest with a value is Int64.min's
  /// magnitude (for `-0x8…`).
  @Test func hexadecimalLimit() {
    #expect(
      spellAll("0x8000000000000000 0x7FFFFFFFFFFFFFFF") == [
        "int(9223372036854775808)", "int(9223372036854775807)",
      ])
    #expect(lex(Array("0x8000000000000000".utf8)).lexer.diagnostics.map(\.code) == ["RS006"])
    #expect(spellAll("18446744073709551616 0x10000000000000000") == ["int(overflow)", "int(overflow)"])
  }
}
