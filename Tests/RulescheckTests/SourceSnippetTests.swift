import RulesReport
import RulesSyntax
import Testing

@Suite struct SourceSnippetTests {
  private func snippet(_ text: String, _ needle: String, through end: String? = nil) -> SourceSnippet {
    let source = SourceFile(path: "t.rules", text: text)
    var range = Fixtures.range(of: needle, in: text)
    if let end { range = range.union(Fixtures.range(of: end, in: text)) }
    return SourceSnippet(range, in: source)
  }

  @Test func underlinesTheRange() {
    let result = snippet("allow reed: if true;\n", "reed")
    #expect(result.line == "allow reed: if true;")
    #expect(result.underline == "      ^~~~")
  }

  @Test func keepsTabsSoTheCaretLinesUp() {
    let result = snippet("\t\tallow x;\n", "x")
    #expect(result.underline == "\t\t      ^")
  }

  @Test func countsUnicodeScalarsNotBytes() {
    let result = snippet("// é 🙂 ok\nx", "ok")
    #expect(result.line == "// é 🙂 ok")
    #expect(result.underline == "       ^~")
  }

  @Test func underlinesAMultiLineRangeToTheEndOfItsFirstLine() {
    let result = snippet("if a &&\r\n   b;\r\n", "a", through: "b")
    #expect(result.line == "if a &&")
    #expect(result.underline == "   ^~~~")
  }

  @Test func anEmptyRangeGetsALoneCaret() {
    let text = "allow read"
    let source = SourceFile(path: "t.rules", text: text)
    let result = SourceSnippet(.empty(at: text.utf8.count), in: source)
    #expect(result.line == "allow read")
    #expect(result.underline == "          ^")
  }

  @Test func showsControlCharactersAsPictures() {
    let result = snippet("a\u{0}b\rc", "c")
    #expect(result.line == "a\u{2400}b\u{240D}c")
    #expect(result.underline == "    ^")
  }

  @Test func windowsALongLineAroundTheRange() {
    let text = String(repeating: "a", count: 300) + "TARGET" + String(repeating: "b", count: 300)
    let result = snippet(text, "TARGET")
    #expect(result.line.unicodeScalars.count == SourceSnippet.maximumWidth + 2)
    #expect(result.line.hasPrefix("…a"))
    #expect(result.line.hasSuffix("b…"))
    let caret = result.underline.firstIndex(of: "^").map {
      result.underline.distance(from: result.underline.startIndex, to: $0)
    }
    let target = result.line.range(of: "TARGET").map {
      result.line.distance(from: result.line.startIndex, to: $0.lowerBound)
    }
    #expect(caret == target)
    #expect(result.underline.hasSuffix("^~~~~~"))
  }

  /// The snippet as it was computed before long lines were windowed without decoding them
  /// whole: the line's scalars (a byte order mark included), windowed around the range.
  private func reference(_ range: SourceRange, in source: SourceFile) -> (line: String, underline: String) {
    let index = source.lineIndex
    let start = index.location(of: range.start)
    let lineRange = index.contentRange(ofLine: start.line)
    var scalars = Array(source.text(lineRange).unicodeScalars)
    var first = min(start.column - 1, scalars.count)
    var last = first + 1
    if range.end <= lineRange.end {
      last = max(last, min(index.location(of: range.end).column - 1, scalars.count))
    } else {
      last = max(last, scalars.count)
    }
    var prefix: [Unicode.Scalar] = []
    var suffix: [Unicode.Scalar] = []
    if scalars.count > SourceSnippet.maximumWidth {
      let windowStart = max(0, min(first - 40, scalars.count - SourceSnippet.maximumWidth))
      let windowEnd = min(scalars.count, windowStart + SourceSnippet.maximumWidth)
      if windowStart > 0 { prefix = ["…"] }
      if windowEnd < scalars.count { suffix = ["…"] }
      scalars = Array(scalars[windowStart..<windowEnd])
      first = first - windowStart + prefix.count
      last = max(first + 1, min(last - windowStart, scalars.count) + prefix.count)
    }
    let shown = prefix + scalars + suffix
    var underline = String.UnicodeScalarView()
    for scalar in shown.prefix(first) { underline.append(scalar == "\t" ? "\t" : " ") }
    underline.append("^")
    for _ in 0..<max(0, last - first - 1) { underline.append("~") }
    var line = String.UnicodeScalarView()
    line.append(contentsOf: shown)
    return (String(line), String(underline))
  }

  @Test func aLongLineIsWindowedAsIfDecodedWhole() {
    // 3,000 scalars of one to four bytes on each line, a byte order mark before the first.
    let line = (0..<3_000).map { ["a", "é", "✓", "😀", "\t", " "][$0 % 6] }.joined()
    let text = "\u{FEFF}" + line + "\r\n" + line + "\n"
    let source = SourceFile(path: "t.rules", text: text)
    let bytes = source.bytes
    var compared = 0
    for start in stride(from: 0, to: bytes.count, by: 37) where bytes[start] & 0xC0 != 0x80 {
      for length in [0, 1, 9, 400, 20_000] {
        let range = SourceRange(start: start, end: min(bytes.count, start + length))
        let snippet = SourceSnippet(range, in: source)
        let expected = reference(range, in: source)
        #expect(snippet.line == expected.line, "range \(range)")
        #expect(snippet.underline == expected.underline, "range \(range)")
        compared += 1
      }
    }
    #expect(bytes.count > 10_000)
    #expect(compared > 800)
  }
}
