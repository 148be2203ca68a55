import Testing

@testable import RulesAudit

/// The byte-level readings the condition walk uses hold to the character-level ones they
/// replace.
@Suite("Reading literals by their bytes")
struct ByteReadingTests {
  @Test(arguments: [
    "image/png", "image/", "/x", "/", "", "nothing", "a/b/c", "é/x", "x/é", "\u{600}/png", "image/\u{301}png",
    "image/\u{301}/png", "e\u{301}/p", "a\u{200D}/b", "\r\n/x", "image\u{301}/png", "\u{600}/a/b",
  ])
  func firstSlashAgreesWithCharacters(_ text: String) {
    #expect(Walker.firstSlash(text) == text.firstIndex(of: "/"))
    if let slash = Walker.firstSlash(text), let expected = text.firstIndex(of: "/") {
      #expect(text[..<slash] == text[..<expected])
    }
  }

  @Test(arguments: [
    ("image/png", "image/png"), ("image/png", "image/pn"), ("é", "e\u{301}"), ("", ""), ("a", ""),
    ("a\u{301}\u{316}", "a\u{316}\u{301}"), ("\u{212A}", "K"),
  ])
  func sameBytesAgreesWithTheUTF8Views(_ left: String, _ right: String) {
    #expect(ExampleMemo.sameBytes(left, right) == left.utf8.elementsEqual(right.utf8))
    #expect(ExampleMemo.sameBytes(right, left) == left.utf8.elementsEqual(right.utf8))
  }
}
