import RulesSyntax
import Testing

/// A marked source and the label of the node each marked range must be the exact range of.
struct RangeCase: CustomTestStringConvertible, Sendable {
  var marked: String
  var label: String
  var testDescription: String { "\(label): \(String(reflecting: marked))" }

  init(_ marked: String, _ label: String) {
    self.marked = marked
    self.label = label
  }
}

@Suite struct RangeTests {
  static let statements: [RangeCase] = [
    .init("⟦rules_version = '2';⟧", "version"),
    .init("⟦rules_version = \"2\"⟧\nservice s {}", "version"),
    .init("⟦rules_version⟧ = '2'", "version-keyword"),
    .init("rules_version = ⟦'2'⟧;", "version-value"),
    .init("⟦service firebase.storage { }⟧\n", "service"),
    .init("service ⟦firebase.storage⟧ {}", "service-name"),
    .init("service s { ⟦match /a/{b} { allow read; }⟧ }", "match"),
    .init("service s { ⟦match⟧ /a { } }", "match-keyword"),
    .init("service s { match ⟦/a/{b}/{c=**}⟧ { } }", "pattern"),
    .init("service s { match⟦/b/{bucket}/o⟧{ } }", "pattern"),
    .init("service s { match ⟦/a⟧⟦/{b}⟧⟦/{rest=**}⟧ { } }", "segment"),
    .init("service s { match /a/{⟦b⟧}/{⟦rest⟧=**} { } }", "wildcard-name"),
    .init("service s { match ⟦/é✓⟧/{x} { } }", "segment"),
    .init("⟦allow read, write: if true;⟧", "allow"),
    .init("⟦allow read⟧\nallow write;", "allow"),
    .init("⟦allow write:\n  if a\n  && b⟧\n", "allow"),
    .init("allow ⟦read⟧, ⟦write⟧;", "method"),
    .init("⟦allow⟧ read;", "allow-keyword"),
    .init("⟦function f(a, b) { return a; }⟧", "function"),
    .init("function ⟦f⟧(a) { return a; }", "function-name"),
    .init("function f(⟦a⟧, ⟦b⟧) { return a; }", "parameter"),
    .init("function f() ⟦{ let x = 1; return x; }⟧", "function-body"),
    .init("function f() { ⟦let x = 1;⟧ ⟦let y = 2;⟧ return x; }", "let"),
    .init("function f() { ⟦let⟧ x = 1; return x; }", "let-keyword"),
    .init("function f() { let ⟦x⟧ = 1; return x; }", "let-name"),
    .init("function f() { let x = 1; ⟦return x;⟧ }", "return"),
    .init("function f() { ⟦return x⟧ }", "return"),
    .init("⟦import 'x';⟧", "import"),
  ]

  static let expressions: [RangeCase] = [
    .init("allow read: if ⟦a.b⟧ == c;", "member"),
    .init("allow read: if a.⟦b⟧;", "member-name"),
    .init("allow read: if ⟦f(a, b)⟧;", "call"),
    .init("allow read: if ⟦a.b(c)⟧.d;", "call"),
    .init("allow read: if ⟦x[0]⟧;", "index"),
    .init("allow read: if ⟦x[1:]⟧ + ⟦x[:2]⟧;", "range"),
    .init("allow read: if ⟦-x⟧ + ⟦!y⟧;", "unary"),
    .init("allow read: if ⟦-9223372036854775808⟧;", "int"),
    .init("allow read: if ⟦(a || b)⟧ && c;", "binary"),
    .init("allow read: if ⟦a && b⟧;", "binary"),
    .init("allow read: if ⟦x is string⟧;", "is"),
    .init("allow read: if x is ⟦string⟧;", "type-name"),
    .init("allow read: if ⟦a ? b : c⟧;", "ternary"),
    .init("allow read: if ⟦[1, 2,]⟧ == ⟦[]⟧;", "list"),
    .init("allow read: if ⟦{'a': 1,}⟧;", "map"),
    .init("allow read: if ⟦'é✓'⟧ + ⟦\"😀\"⟧;", "string"),
    .init("allow read: if ⟦'a\\nb'⟧;", "string"),
    .init("allow read: if ⟦b'\\x0F'⟧;", "bytes"),
    .init("allow read: if ⟦1500.25⟧;", "float"),
    .init("allow read: if ⟦null⟧ == ⟦null⟧;", "null"),
    .init("allow read: if ⟦true⟧;", "bool"),
    .init("allow read: if ⟦/a/$(b)/(default)⟧ != null;", "path"),
    .init("allow read: if /a⟦/$(b)⟧⟦/{c}⟧⟦/d.txt⟧;", "path-segment"),
    .init("allow read: if /a/$(⟦b⟧);", "identifier"),
    .init("allow read: if\r\n  ⟦a\r\n  && b⟧;\r\n", "binary"),
    .init("// ünï ✓ 😀\nallow read: if ⟦a⟧;", "identifier"),
    .init("/* ✓ */ allow read: if 'é' == ⟦x⟧;", "identifier"),
    .init("\u{FEFF}⟦allow read;⟧", "allow"),
  ]

  @Test(arguments: statements + expressions)
  func nodeRange(_ row: RangeCase) {
    let source = MarkedSource(row.marked)
    let file = source.parse()
    #expect(file.diagnosticSummary == (source.text.hasPrefix("\u{FEFF}") ? ["RS014@0..<3"] : []))
    let nodes = SyntaxNodes(file)
    for range in source.ranges {
      #expect(nodes.labels(at: range).contains(row.label), "no \(row.label) at \(range): \(nodes.nodes)")
    }
  }

  /// Every node lies inside the file and inside the node it belongs to.
  @Test(arguments: ParserGoldenTests.files.map(\.source) + statements.map { MarkedSource($0.marked).text })
  func nodesNestInsideTheirParents(_ source: String) {
    let file = RulesParser.parse(source)
    let size = source.utf8.count
    for node in SyntaxNodes(file).nodes {
      #expect(node.range.start >= 0 && node.range.end <= size, "\(node) outside the file")
      if let parent = node.parent {
        #expect(parent.start <= node.range.start && node.range.end <= parent.end, "\(node) outside \(parent)")
      }
    }
  }
}

/// A marked position (an empty `⟦⟧`) and its expected 1-based line and column.
struct LocationCase: CustomTestStringConvertible, Sendable {
  var marked: String
  var line: Int
  var column: Int
  var testDescription: String { String(reflecting: marked) }

  init(_ marked: String, _ line: Int, _ column: Int) {
    self.marked = marked
    self.line = line
    self.column = column
  }
}

@Suite struct LineIndexTests {
  static let locations: [LocationCase] = [
    .init("⟦⟧abc", 1, 1),
    .init("ab⟦⟧c", 1, 3),
    .init("abc⟦⟧", 1, 4),
    .init("é⟦⟧x", 1, 2),
    .init("✓⟦⟧x", 1, 2),
    .init("😀⟦⟧x", 1, 2),
    .init("😀é✓a⟦⟧", 1, 5),
    .init("e\u{301}⟦⟧x", 1, 3),
    .init("\t\t⟦⟧a", 1, 3),
    .init("a\n⟦⟧b", 2, 1),
    .init("a\r\n⟦⟧b", 2, 1),
    .init("a\r⟦⟧\nb", 1, 3),
    .init("a\rb⟦⟧", 1, 4),
    .init("x\n\n⟦⟧", 3, 1),
    .init("ü\r\nä⟦⟧ö\r\n", 2, 2),
    .init("// ünï ✓\r\n\tallow ⟦⟧read;", 2, 8),
    .init("\u{FEFF}⟦⟧service", 1, 1),
    .init("\u{FEFF}a⟦⟧b", 1, 2),
    .init("\u{FEFF}a\n⟦⟧b", 2, 1),
  ]

  @Test(arguments: locations)
  func location(_ row: LocationCase) {
    let source = MarkedSource(row.marked)
    let offset = source.range.start
    let location = SourceFile(path: "x", text: source.text).lineIndex.location(of: offset)
    #expect(location == SourceLocation(line: row.line, column: row.column, offset: offset))
  }

  @Test func invalidBytesCountAsOneColumnEach() {
    let index = LineIndex([0x61, 0xFF, 0xFE, 0x62])
    #expect(index.location(of: 3) == SourceLocation(line: 1, column: 4, offset: 3))
  }

  /// Columns counted from the line start, one per byte that is not a continuation byte, after
  /// a byte order mark at the start of the file.
  private func referenceColumn(_ bytes: [UInt8], _ offset: Int) -> Int {
    var start = offset
    while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, offset) }
    return 1 + bytes[start..<offset].filter { $0 & 0xC0 != 0x80 }.count
  }

  @Test func longLinesCountColumnsFromTheNearestBlock() {
    // Lines of several blocks, with two-, three- and four-byte scalars across block edges.
    let line = (0..<700).map { ["a", "é", "✓", "😀", "\t"][$0 % 5] }.joined()
    let bytes = Array(("\u{FEFF}" + line + "\r\n" + line + "\n" + line).utf8)
    let index = LineIndex(bytes)
    for offset in stride(from: 0, through: bytes.count, by: 7) {
      #expect(index.location(of: offset).column == referenceColumn(bytes, offset), "offset \(offset)")
    }
    // Each column's offset leads back to that column.
    for line in 1...3 {
      let content = index.contentRange(ofLine: line)
      for column in stride(from: 1, through: 701, by: 13) {
        let offset = index.offset(ofColumn: column, line: line)
        #expect(index.location(of: offset).column == column, "line \(line), column \(column)")
        #expect(offset == content.end || bytes[offset] & 0xC0 != 0x80)
      }
      #expect(index.offset(ofColumn: 5_000, line: line) == content.end)
    }
    #expect(index.offset(ofColumn: 1, line: 1) == 3)
  }

  @Test func linesAndColumnsAgreeWithTheBytesWhereverLineFeedsAndScalarsFall() {
    // Lines longer than a block, so columns come from the counts per block, with line feeds,
    // multi-byte scalars, invalid bytes and ASCII runs at every position of the eight-byte
    // words the index reads ASCII in.
    let pieces: [[UInt8]] = [
      Array("abcdefg".utf8), Array("é".utf8), Array("xyz".utf8), Array("€".utf8), Array("😀".utf8), [0xFF],
      Array("0123456789abcdefghij".utf8),
    ]
    let bytes = (0..<500).flatMap { piece -> [UInt8] in
      if piece % 97 == 96 { return [0x0D, 0x0A] }
      if piece % 61 == 60 { return [0x0A] }
      return pieces[(piece * 5 + piece / 7) % pieces.count]
    }
    let index = LineIndex(bytes)
    #expect(index.lineCount == 1 + bytes.filter { $0 == 0x0A }.count)
    // The index keeps a count per 256 bytes, used for stretches longer than that.
    #expect((1...index.lineCount).contains { index.contentRange(ofLine: $0).length > 256 })
    for offset in 0...bytes.count {
      let line = 1 + bytes[..<offset].filter { $0 == 0x0A }.count
      let expected = SourceLocation(line: line, column: referenceColumn(bytes, offset), offset: offset)
      #expect(index.location(of: offset) == expected, "offset \(offset)")
    }
  }

  @Test func offsetsAreClampedToTheFile() {
    let index = LineIndex(Array("ab\ncd".utf8))
    #expect(index.location(of: -4) == SourceLocation(line: 1, column: 1, offset: 0))
    #expect(index.location(of: 99) == SourceLocation(line: 2, column: 3, offset: 5))
  }

  @Test func lineContentRangesLeaveOutTerminators() {
    let index = LineIndex(Array("a\r\nbé\nc\r\n".utf8))
    #expect(index.lineCount == 4)
    #expect(
      (1...5).map { index.contentRange(ofLine: $0) }.map(\.description) == [
        "0..<1", "3..<6", "7..<8", "10..<10", "10..<10",
      ])
    let file = SourceFile(path: "x", text: "a\r\nbé\nc\r\n")
    #expect(file.lineText(containing: 4) == "bé")
    #expect(file.lineText(containing: 1) == "a")
  }
}
