import RulesIDE
import RulesSyntax
import Testing

@Suite struct OutlineTests {
  static let text = """
    rules_version = '2';
    // Two comment lines
    // fold together.
    service firebase.storage {
      function signedIn() { return request.auth != null; }
      match /b/{bucket}/o {
        match /users/{uid}/{file} {
          allow read: if signedIn();
          allow write: if request.auth.uid == uid
            && request.resource.size < 5 * 1024 * 1024
            && request.resource.contentType.matches('image/.*');
        }
        /* a block
           comment */
        match /public/{file=**} { allow read; }
      }
    }

    """

  @Test func treeOfServiceMatchesAllowsAndFunctions() throws {
    let document = RulesDocument(text: Self.text)
    let symbols = document.symbols()
    let service = try #require(symbols.first)
    #expect(symbols.count == 1)
    #expect(service.kind == .service && service.name == "firebase.storage")
    #expect(service.children.map(\.name) == ["signedIn()", "/b/{bucket}/o"])
    #expect(service.children[0].kind == .function)
    let root = service.children[1]
    #expect(root.kind == .match && root.detail == nil)
    #expect(root.children.map(\.name) == ["/users/{uid}/{file}", "/public/{file=**}"])
    let users = root.children[0]
    #expect(users.detail == "read, write")
    #expect(users.children.map(\.name) == ["read", "write"])
    #expect(users.children[0].detail == "signedIn()")
    let write = try #require(users.children.last?.detail)
    #expect(write.hasPrefix("request.auth.uid == uid && request.resource.size < 5"))
    #expect(write.hasSuffix("…"))
    #expect(root.children[1].children.first?.detail == "always")
    for symbol in [service, root, users] + users.children {
      #expect(
        symbol.range.start <= symbol.selectionRange.start && symbol.selectionRange.end <= symbol.range.end)
    }
  }

  @Test func foldingBlocksAndComments() {
    let document = RulesDocument(text: Self.text)
    let regions = document.foldingRanges()
    let comments = regions.filter { $0.kind == .comment }.map { [$0.startLine, $0.endLine] }
    #expect(comments == [[2, 3], [13, 14]])
    let blocks = regions.filter { $0.kind == .region }.map { [$0.startLine, $0.endLine] }
    // The service, the root match and the users match span lines; one-line blocks do not fold.
    #expect(blocks == [[4, 17], [6, 16], [7, 12]])
  }

  @Test func unfinishedTextStillOutlinesAndFolds() {
    let document = RulesDocument(
      text: "service firebase.storage {\n  match /b/{bucket}/o {\n    match /a {\n      allow read\n")
    #expect(document.symbols().first?.kind == .service)
    #expect(document.foldingRanges().isEmpty)
    let inner = RulesDocument(
      text:
        "service firebase.storage {\n  match /b/{bucket}/o {\n    function f() {\n      return true;\n    }\n"
    )
    #expect(inner.foldingRanges().map { [$0.startLine, $0.endLine] } == [[3, 5]])
  }

  @Test func separatedCommentLinesDoNotFold() {
    let document = RulesDocument(
      text: "// one\n\n// two\nservice firebase.storage {} // trailing\n// three\n")
    #expect(document.foldingRanges().isEmpty)
  }
}
