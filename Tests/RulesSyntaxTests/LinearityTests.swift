import RulesSyntax
import Testing

/// Inputs that once took time quadratic in their size (issue 10), at a size a debug build parses
/// at once; what they produce is asserted, never how long they take.
@Suite struct LinearityTests {
  /// Issue 10 F9: every broken line used to copy the diagnostics gathered so far.
  @Test func brokenMatchPathsAreEachReportedAndStillOpenTheirBlocks() {
    let count = 1_000
    var text = "service firebase.storage {\n  match /b/{bucket}/o {\n"
    for index in 0..<count { text += "    match /a\(index) x {}\n" }
    text += "  }\n}\n"
    let file = RulesParser.parse(text)
    let shown = SyntaxDiagnostics.maximumErrors
    #expect(file.diagnostics.count == shown + 1)
    #expect(file.diagnostics.prefix(shown).allSatisfy { $0.id == SyntaxDiagnostics.invalidMatchPath })
    #expect(file.diagnostics.first?.message == "expected '{' after the match path, found 'x'")
    #expect(file.diagnostics.last?.id == SyntaxDiagnostics.tooManyErrors)
    #expect(file.diagnostics.last?.message == "\(count - shown) more syntax errors not shown")
    guard case .service(let service)? = file.statements.first?.kind,
      case .match(let root)? = service.body.first?.kind
    else {
      Issue.record("no service with a root match")
      return
    }
    #expect(root.body.count == count)
  }

  /// The same on one line: finding the line of each broken path must not scan the line.
  @Test func brokenMatchPathsOnOneLine() {
    let count = 1_000
    let text =
      "service firebase.storage { match /b/{bucket}/o { "
      + String(repeating: "match /é x { } ", count: count) + "} }"
    let file = RulesParser.parse(text)
    #expect(file.diagnostics.count == SyntaxDiagnostics.maximumErrors + 1)
    let locations = file.diagnostics.prefix(3).map { file.source.lineIndex.location(of: $0.range.start) }
    #expect(locations.map(\.column) == [59, 74, 89])
    #expect(locations.allSatisfy { $0.line == 1 })
  }

  /// Columns come from checkpoints every 64 bytes: they must agree with counting from the
  /// start of the line, at every offset of a long line mixing one- to four-byte characters.
  @Test func columnsOnALongMixedLineAreExact() {
    let text = "\u{FEFF}" + String(repeating: "aé✓😀", count: 100) + "\n" + String(repeating: "✓a", count: 80)
    let bytes = Array(text.utf8)
    let index = LineIndex(bytes)
    var line = 1
    var column = 1
    var start = 3
    for offset in 0...bytes.count {
      if offset >= 3 || line > 1 {
        let expected = SourceLocation(line: line, column: offset < start ? 1 : column, offset: offset)
        #expect(index.location(of: offset) == expected, "offset \(offset)")
      }
      guard offset < bytes.count else { break }
      if bytes[offset] == UInt8(ascii: "\n") {
        line += 1
        column = 1
        start = offset + 1
      } else if offset >= start, bytes[offset] & 0xC0 != 0x80 {
        column += 1
      }
    }
    #expect(index.line(of: bytes.count) == 2)
  }
}
