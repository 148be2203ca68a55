import RulesSyntax
import Testing

/// Every rules snippet in the project's specification and seed documents that is meant to be
/// valid parses without errors: fenced blocks, and inline code that is a whole statement. The
/// documents live in a `shared` folder beside the repository in the project's CI only; a clone
/// has none, and the suite is then skipped.
@Suite(.enabled(if: SpecSnippets.sharedFolderExists, "no shared specification folder beside the repository"))
struct SpecSnippetTests {
  static let checked = SpecSnippets.all.filter { SpecSnippets.reasonToSkip($0) == nil }

  @Test(arguments: checked)
  func snippetParses(_ snippet: Snippet) {
    let file = RulesParser.parse(snippet.wrapped)
    #expect(file.diagnostics.map { "\($0.code): \($0.message)" } == [], "\(snippet.wrapped)")
    #expect(!file.statements.isEmpty)
  }

  /// The walk finds what is there: if the Markdown moves or the extraction breaks, this says so
  /// rather than checking nothing.
  @Test func snippetsAreFound() {
    let all = SpecSnippets.all
    let blocks = all.filter { $0.form == .fencedBlock }
    #expect(blocks.count >= 20)
    #expect(Self.checked.count >= 20)
    #expect(blocks.contains { SpecSnippets.reasonToSkip($0) == "EBNF grammar" })
    #expect(blocks.contains { SpecSnippets.reasonToSkip($0) == "swift code" })
    #expect(all.contains { SpecSnippets.reasonToSkip($0) == "schematic, with placeholders" })
  }

  /// Each explicit exception still names a snippet, so a stale entry is noticed.
  @Test func exceptionsStillExist() {
    for key in SpecSnippets.notRules.keys {
      #expect(
        SpecSnippets.all.contains { "\($0.file):\($0.text.split(separator: "\n").first ?? "")" == key },
        "\(key)")
    }
  }
}
