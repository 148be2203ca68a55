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
}
