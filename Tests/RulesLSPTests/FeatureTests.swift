import RulesEvaluator
import RulesFormat
import RulesLSP
import RulesReport
import Testing

/// Hover, completion, definition, references, symbols, folding and formatting through the
/// server's requests, with UTF-16 positions.
@Suite struct FeatureTests {
  private let uri = "untitled:storage.rules"
  /// Line 1 holds a non-ASCII comment, so UTF-16 columns differ from bytes on that line only.
  private let text = """
    rules_version = '2';
    // héllo 😀
    service firebase.storage {
      match /b/{bucket}/o {
        function isOwner(userId) {
          return request.auth.uid == userId;
        }
        match /avatars/{userId}/{fileName} {
          allow read, get: if isOwner(userId);
          allow create: if isOwner(userId) && request.resource.size < 5 * 1024 * 1024;
        }
      }
    }

    """

  private func opened() throws -> ServerHarness {
    var harness = ServerHarness()
    _ = try harness.initialize()
    try harness.open(uri, text)
    return harness
  }

  private func request(
    _ harness: inout ServerHarness, _ method: String, line: Int, character: Int, extra: String = ""
  ) throws -> JSONInput? {
    let reply = try harness.send(
      #"{"jsonrpc":"2.0","id":21,"method":"\#(method)","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}\#(extra)}}"#
    )
    let response = try #require(reply.first { $0["id"]?.int == 21 })
    #expect(response["error"] == nil)
    return response["result"]
  }

  @Test func initializeAdvertisesTheFeatures() throws {
    var harness = ServerHarness()
    let reply = try #require(try harness.initialize())
    let capabilities = try #require(reply[path: "result", "capabilities"])
    for provider in [
      "hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider",
      "foldingRangeProvider", "documentFormattingProvider",
    ] {
      #expect(capabilities[provider] == .bool(true), "\(provider)")
    }
    #expect(capabilities[path: "completionProvider", "triggerCharacters"]?.array == [.string(".")])
  }

  @Test func hoverOnRequestResourceSizeExplainsTheField() throws {
    var harness = try opened()
    // `size` in `request.resource.size` on line 9.
    let line = String(text.split(separator: "\n")[9])
    let column = try #require(line.range(of: "size")).lowerBound.utf16Offset(in: line)
    let result = try #require(try request(&harness, "textDocument/hover", line: 9, character: column + 1))
    #expect(result[path: "contents", "kind"]?.string == "markdown")
    let markdown = try #require(result[path: "contents", "value"]?.string)
    #expect(markdown.contains("size"))
    #expect(result[path: "range", "start", "line"]?.int == 9)
  }

  @Test func hoverOnAFindingAddsItsRuleDocumentation() throws {
    var harness = try opened()
    // RC106 reports `get` in `allow read, get` on line 8.
    let result = try #require(try request(&harness, "textDocument/hover", line: 8, character: 19))
    let markdown = try #require(result[path: "contents", "value"]?.string)
    #expect(markdown.contains("RC106"))
  }

  @Test func completionAfterRequestResourceOffersContentType() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let typing = text.replacingOccurrences(
      of: "request.resource.size < 5 * 1024 * 1024;", with: "request.resource.con")
    try harness.open(uri, typing)
    let line = String(typing.split(separator: "\n")[9])
    let column = line.utf16.count
    let result = try #require(try request(&harness, "textDocument/completion", line: 9, character: column))
    let items = try #require(result["items"]?.array)
    let contentType = try #require(items.first { $0["label"]?.string == "contentType" })
    #expect(contentType[path: "textEdit", "newText"]?.string == "contentType")
    // The edit replaces the typed `con`.
    #expect(contentType[path: "textEdit", "range", "start", "character"]?.int == column - 3)
    #expect(contentType[path: "textEdit", "range", "end", "character"]?.int == column)
  }

  @Test func definitionAndReferencesOfAFunction() throws {
    var harness = try opened()
    // `isOwner` called on line 8 (column of its first letter + 1).
    let line = String(text.split(separator: "\n")[8])
    let column = try #require(line.range(of: "isOwner")).lowerBound.utf16Offset(in: line) + 1
    let definition = try #require(
      try request(&harness, "textDocument/definition", line: 8, character: column))
    #expect(definition["uri"]?.string == uri)
    #expect(definition[path: "range", "start", "line"]?.int == 4)
    let references = try #require(
      try request(
        &harness, "textDocument/references", line: 8, character: column,
        extra: #","context":{"includeDeclaration":true}"#)?.array)
    #expect(references.compactMap { $0[path: "range", "start", "line"]?.int }.sorted() == [4, 8, 9])
  }

  @Test func symbolsAndFoldingFollowTheBlocks() throws {
    var harness = try opened()
    let reply = try harness.send(
      #"{"jsonrpc":"2.0","id":31,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(uri)"}}}"#
    )
    let symbols = try #require(reply.first { $0["id"]?.int == 31 }?["result"]?.array)
    func names(_ symbols: [JSONInput]) -> [String] {
      var result: [String] = []
      for symbol in symbols {
        result.append(symbol["name"]?.string ?? "")
        result += names(symbol["children"]?.array ?? [])
      }
      return result
    }
    #expect(names(symbols).contains { $0.contains("avatars") })
    let folding = try harness.send(
      #"{"jsonrpc":"2.0","id":32,"method":"textDocument/foldingRange","params":{"textDocument":{"uri":"\#(uri)"}}}"#
    )
    let ranges = try #require(folding.first { $0["id"]?.int == 32 }?["result"]?.array)
    // The avatars block, lines 7–10: folded to line 9, its `}` stays visible.
    #expect(
      ranges.contains {
        $0["startLine"]?.int == 7 && $0["endLine"]?.int == 9 && $0["kind"]?.string == "region"
      })
  }

  @Test func formattingReplacesTheTextWithItsCanonicalLayout() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let messy =
      "rules_version='2';\nservice firebase.storage{match /b/{bucket}/o{match /a/{f}{allow read:if true;}}}\n"
    try harness.open(uri, messy)
    let reply = try harness.send(
      #"{"jsonrpc":"2.0","id":41,"method":"textDocument/formatting","params":{"textDocument":{"uri":"\#(uri)"},"options":{"tabSize":2,"insertSpaces":true}}}"#
    )
    let edits = try #require(reply.first { $0["id"]?.int == 41 }?["result"]?.array)
    guard case .formatted(let expected) = RulesFormatter().format(messy) else {
      Issue.record("the formatter refused a valid file")
      return
    }
    #expect(edits.count == 1)
    #expect(edits.first?["newText"]?.string == expected)
    #expect(edits.first?[path: "range", "start", "line"]?.int == 0)
    // A text with a syntax error is refused, as `rulescheck format` refuses it.
    try harness.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"service firebase.storage { match"}]}}"#
    )
    let refused = try harness.send(
      #"{"jsonrpc":"2.0","id":42,"method":"textDocument/formatting","params":{"textDocument":{"uri":"\#(uri)"},"options":{"tabSize":2,"insertSpaces":true}}}"#
    )
    #expect(refused.first { $0["id"]?.int == 42 }?[path: "error", "code"]?.int == -32803)
  }
}
