import RulesLSP
import RulesSyntax
import Testing

@Suite struct PositionIndexTests {
  // "é" is 2 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 units.
  private let text = "// é😀 x\r\nab\rcd\nlast"

  @Test func convertsOffsetsToUTF16AndUTF8Positions() {
    let index = PositionIndex(Array(text.utf8))
    let x = Array(text.utf8).firstIndex(of: UInt8(ascii: "x"))!
    #expect(index.position(of: x, .utf16) == LSPPosition(line: 0, character: 7))
    #expect(index.position(of: x, .utf8) == LSPPosition(line: 0, character: 10))
    #expect(index.lineCount == 4)
    #expect(index.position(of: Array(text.utf8).count, .utf16) == LSPPosition(line: 3, character: 4))
    #expect(index.position(of: 16, .utf16) == LSPPosition(line: 2, character: 0))  // after the lone CR
  }

  @Test func convertsPositionsBackAndClamps() {
    let index = PositionIndex(Array(text.utf8))
    #expect(index.offset(of: LSPPosition(line: 0, character: 7), .utf16) == 10)
    #expect(index.offset(of: LSPPosition(line: 0, character: 10), .utf8) == 10)
    // Inside the surrogate pair: the emoji's start.
    #expect(index.offset(of: LSPPosition(line: 0, character: 5), .utf16) == 5)
    // Past the line's end: before its CR LF.
    #expect(index.offset(of: LSPPosition(line: 0, character: 99), .utf16) == 11)
    #expect(index.offset(of: LSPPosition(line: 9, character: 0), .utf16) == Array(text.utf8).count)
    #expect(index.terminator(ofLine: 0) == "\r\n")
    // The largest numbers a client can send stay inside the text.
    #expect(index.offset(of: LSPPosition(line: 0, character: Int.max), .utf16) == 11)
    #expect(index.offset(of: LSPPosition(line: 0, character: Int.max), .utf8) == 11)
    #expect(index.offset(of: LSPPosition(line: Int.max, character: Int.max), .utf8) == Array(text.utf8).count)
  }

  @Test func longLinesConvertThroughTheBlockTable() {
    let line = String(repeating: "é", count: 1000) + "x"
    let index = PositionIndex(Array(line.utf8))
    #expect(index.position(of: 2000, .utf16) == LSPPosition(line: 0, character: 1000))
    #expect(index.offset(of: LSPPosition(line: 0, character: 1000), .utf16) == 2000)
    #expect(index.offset(of: LSPPosition(line: 0, character: 600), .utf16) == 1200)
  }
}
