import Testing

@testable import RulesReport

/// ``PlainText/isPlain(_:quote:)``, which tests eight bytes at a time, against the byte at a
/// time scan it stands in for.
@Suite struct PlainTextTests {
  /// Every byte value at every position of texts of 1 to 24 bytes (whole words, a tail, both),
  /// among plain bytes and next to another byte that matters: both ways agree.
  @Test(arguments: [false, true])
  func wordsAgreeWithTheScan(quote: Bool) {
    var disagreements: [String] = []
    for count in 1...24 {
      for position in 0..<count {
        for byte in UInt8.min...UInt8.max {
          for filler in [UInt8(ascii: "a"), 0x1F, 0x21, 0x80, 0xE1, 0xFF] {
            var text = Array(repeating: filler, count: count)
            text[position] = byte
            let fast = text.withUnsafeBufferPointer { PlainText.isPlain($0, quote: quote) }
            if fast != PlainText.isPlain(scanning: text, quote: quote) {
              disagreements.append("\(text)")
            }
          }
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }

  @Test func whatIsPlain() {
    let plain = { (text: String, quote: Bool) in
      Array(text.utf8).withUnsafeBufferPointer { PlainText.isPlain($0, quote: quote) }
    }
    #expect(plain("users/alice/photo.png", true))
    #expect(plain("o'brien and more text", false))
    #expect(!plain("o'brien and more text", true))
    #expect(!plain("a long line with a \"quote\"", false))
    #expect(!plain("a long line with a \\ in it", false))
    #expect(!plain("a long line with a \u{2028} in it", false))
    #expect(!plain("a long line with a \u{7F} in it", false))
    #expect(!plain("a long line with a \t in it", false))
    #expect(plain("a long line with é and 🙂 in it", false))
  }
}
