import RulesFormat
import RulesSyntax
import Testing

/// Inputs at the parser's limits format without trouble, and keep their tree.
@Suite struct FormatRobustnessTests {
  /// Blocks nested as deep as the parser accepts: the printer's only recursion, on the small
  /// stack of a secondary thread.
  @Test func blocksNestedNearTheLimit() async throws {
    let depth = SyntaxDiagnostics.maximumNesting - 5
    var text = "service firebase.storage {\n"
    for level in 0..<depth { text += "match /a\(level) {\n" }
    text += "allow read: if true;\n" + String(repeating: "}\n", count: depth) + "}\n"
    #expect(!RulesParser.parse(text).hasSyntaxErrors)
    let input = text
    let formatted = await onSmallStack { Layout.format(input) }
    let once = try #require(formatted)
    #expect(Layout.tree(once) == Layout.tree(text))
    #expect(Layout.format(once) == once)
    #expect(once.contains("\n" + String(repeating: "  ", count: depth + 1) + "allow read: if true;\n"))
  }

  /// Expressions are printed token by token, so their depth costs no recursion.
  @Test func parenthesesNestedNearTheLimit() async throws {
    let depth = SyntaxDiagnostics.maximumNesting - 20
    let condition = String(repeating: "( ", count: depth) + "true" + String(repeating: " )", count: depth)
    let text = "service firebase.storage { match /a { allow read: if \(condition); } }"
    #expect(!RulesParser.parse(text).hasSyntaxErrors)
    let formatted = await onSmallStack { Layout.format(text) }
    let once = try #require(formatted)
    let tight = String(repeating: "(", count: depth) + "true" + String(repeating: ")", count: depth)
    #expect(once.contains(tight))
    #expect(Layout.tree(once) == Layout.tree(text))
  }

  @Test func commentsInsidePathsAndAtEveryPlaceOfAHeader() throws {
    let text = """
      service /* a */ firebase /* b */ . storage /* c */ { match /a/{b} // d
      { function f( /* e */ x , y /* f */ ) // g
      { return x /* h */ ; } allow read: if firestore.get(/databases/$(/* i */ b)/documents/x) != null; } }
      """
    let once = try #require(Layout.format(text))
    #expect(Layout.tree(once) == Layout.tree(text))
    #expect(Layout.comments(once) == Layout.comments(text))
    #expect(Layout.format(once) == once)
  }

  @Test func unterminatedCommentIsASyntaxError() {
    #expect(Layout.format("service firebase.storage { /* never closed }") == nil)
  }
}
