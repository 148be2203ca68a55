import RulesFormat
import RulesSyntax
import Testing

/// On every rules file of the repository, every lint example and every whole rules file shown
/// in the documentation: formatting is idempotent, keeps the tree (compared without ranges)
/// and keeps every comment once, in order.
@Suite struct FormatInvariantTests {
  @Test(arguments: FormatCase.files + FormatCase.catalogue + FormatCase.documentation)
  func formattingKeepsTheTreeAndCommentsAndIsIdempotent(_ item: FormatCase) throws {
    guard !RulesParser.parse(item.text).hasSyntaxErrors else {
      #expect(Layout.format(item.text) == nil, "a file with syntax errors is not formatted")
      return
    }
    let once = try #require(Layout.format(item.text), "formatting failed")
    #expect(Layout.tree(once) == Layout.tree(item.text))
    #expect(Layout.comments(once) == Layout.comments(item.text))
    #expect(!RulesParser.parse(once).hasSyntaxErrors)
    #expect(Layout.format(once) == once, "formatting twice changes the text")
  }

  @Test func theRepositoryHasFilesAndExamplesToCheck() {
    #expect(FormatCase.files.count >= 15)
    #expect(FormatCase.files.contains { $0.name == "examples/storage.rules" })
    #expect(FormatCase.catalogue.count >= 50)
    #expect(FormatCase.documentation.count >= 20)
  }

  @Test func noLineEndsWithSpaceAndTheTextEndsWithOneNewline() throws {
    for item in FormatCase.files where !RulesParser.parse(item.text).hasSyntaxErrors {
      let once = try #require(Layout.format(item.text))
      #expect(!once.contains(" \n"), "\(item.name)")
      #expect(once.hasSuffix("\n") && !once.hasSuffix("\n\n"), "\(item.name)")
      #expect(!once.contains("\n\n\n"), "\(item.name)")
    }
  }
}
