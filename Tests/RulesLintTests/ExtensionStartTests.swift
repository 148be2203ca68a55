import Testing

@testable import RulesLint

/// RC306's search for a literal's file extension finds what a search by character finds.
@Suite struct ExtensionStartTests {
  @Test(
    "the text after the last '.'",
    arguments: [
      ("photo.PNG", "PNG"), ("archive.tar.gz", "gz"), ("trailing.", ""), ("noextension", nil),
      ("caf\u{E9}.jpg", "jpg"), ("photo.\u{E9}", "\u{E9}"),
      // A '.' joined to a combining mark is one character, not a '.'.
      ("image.\u{301}png", nil), ("a.b.\u{301}c", "b.\u{301}c"),
    ] as [(String, String?)])
  func extensionText(literal: String, expected: String?) {
    let found = UploadContentTypeUnchecked.extensionStart(of: literal).map { String(literal[$0...]) }
    #expect(found == expected)
    let byCharacter = literal.lastIndex(of: ".").map { String(literal[literal.index(after: $0)...]) }
    #expect(found == byCharacter)
  }
}
