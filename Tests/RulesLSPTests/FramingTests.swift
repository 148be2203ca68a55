import RulesLSP
import Testing

@Suite struct FramingTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func readsMessagesSplitAcrossChunksWithEitherLineEnd() throws {
    var reader = MessageFrameReader()
    let stream =
      "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc; charset=utf-8\ncontent-length:  3\n\n[1]"
    var bodies: [String] = []
    for byte in bytes(stream) {
      reader.append([byte])
      while let frame = try reader.next() { bodies.append(String(decoding: frame.body, as: UTF8.self)) }
    }
    #expect(bodies == ["{}", "[1]"])
    #expect(!reader.hasPartialMessage)
  }

  @Test func skipsAHeaderLineWithoutAColonAndBlankLinesBetweenMessages() throws {
    var reader = MessageFrameReader()
    reader.append(bytes("\r\ngarbage line\r\nContent-Length: 2\r\n\r\n{}"))
    let frame = try #require(try reader.next())
    #expect(frame.body == bytes("{}"))
    #expect(frame.skippedLines == ["garbage line"])
  }

  @Test func waitsForTheWholeBody() throws {
    var reader = MessageFrameReader()
    reader.append(bytes("Content-Length: 8\r\n\r\n{\"a\":"))
    #expect(try reader.next() == nil)
    #expect(reader.hasPartialMessage)
    reader.append(bytes("12}"))
    #expect(try reader.next()?.body == bytes("{\"a\":12}"))
  }

  @Test(arguments: [
    ("Content-Type: x\r\n\r\n{}", FramingError.missingContentLength),
    ("Content-Length: -5\r\n\r\n", FramingError.invalidContentLength("-5")),
    ("Content-Length: ten\r\n\r\n", FramingError.invalidContentLength("ten")),
    ("Content-Length: 99999999999999999999\r\n\r\n", FramingError.bodyTooLarge("99999999999999999999")),
    (
      "Content-Length: \(MessageFrameReader.maximumBodyBytes + 1)\r\n\r\n",
      FramingError.bodyTooLarge(String(MessageFrameReader.maximumBodyBytes + 1))
    ),
  ])
  func refusesHeadersItCannotFrame(_ input: String, _ expected: FramingError) {
    var reader = MessageFrameReader()
    reader.append(bytes(input))
    #expect(throws: expected) { try reader.next() }
  }

  @Test func refusesEndlessHeaders() {
    var reader = MessageFrameReader()
    reader.append(repeatElement(UInt8(ascii: "x"), count: MessageFrameReader.maximumHeaderBytes + 1))
    #expect(throws: FramingError.headerTooLong) { try reader.next() }
  }

  @Test func framesABody() {
    #expect(MessageFrameReader.frame(bytes("{}")) == bytes("Content-Length: 2\r\n\r\n{}"))
  }
}
