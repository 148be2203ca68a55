import RulesEvaluator
import RulesLSP
import RulesLint
import RulesReport
import RulesSyntax
import Testing

@Suite struct CodeActionTests {
  private let uri = "untitled:storage.rules"
  private let text = """
    rules_version = '2';
    // héllo 😀
    service firebase.storage {
      match /b/{bucket}/o {
        match /files/{name} {
          allow read, get: if request.auth != null;
        }
      }
    }

    """

  /// `text` with LSP `TextEdit`s (UTF-16 positions) applied, last first.
  private func apply(_ edits: [JSONInput], to text: String) throws -> String {
    var document = TextDocument(uri: uri, languageId: "firebase-rules", version: 1, text: text)
    let changes = try edits.reversed().map { edit in
      let range = try #require(edit["range"])
      func position(_ value: JSONInput?) throws -> LSPPosition {
        LSPPosition(
          line: try #require(value?["line"]?.int), character: try #require(value?["character"]?.int))
      }
      return TextDocument.Change(
        range: LSPRange(start: try position(range["start"]), end: try position(range["end"])),
        text: try #require(edit["newText"]?.string))
    }
    let applied = document.apply(changes, version: 2, encoding: .utf16)
    #expect(applied)
    return document.text
  }

  private func codes(_ text: String) -> [String] {
    LintRunner().lint(SourceFile(path: "x", text: text)).diagnostics.map(\.code)
  }

  private func actions(
    _ harness: inout ServerHarness, line: Int, endCharacter: Int = 0, context: String
  ) throws -> [JSONInput] {
    let reply = try harness.send(
      #"{"jsonrpc":"2.0","id":11,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":\#(line),"character":0},"end":{"line":\#(line),"character":\#(endCharacter)}},"context":\#(context)}}"#
    )
    return try #require(reply.first?["result"]?.array)
  }

  @Test func aFixAppliedLeavesTheFileCleanOfThatFinding() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let published = try harness.open(uri, text)
    let diagnostics = try #require(published.first?[path: "params", "diagnostics"])
    #expect(codes(text).contains("RC106"))
    let all = try actions(&harness, line: 5, context: #"{"diagnostics":\#(diagnostics.jsonText)}"#)
    let fix = try #require(all.first { $0["isPreferred"] == .bool(true) })
    #expect(fix["kind"]?.string == "quickfix")
    #expect(fix[path: "diagnostics"]?.array?.first?["code"]?.string == "RC106")
    let edits = try #require(fix[path: "edit", "changes", uri]?.array)
    let fixed = try apply(edits, to: text)
    #expect(!codes(fixed).contains("RC106"))
    #expect(fixed.contains("allow read: if request.auth != null;"))
  }

  @Test func aRangeOverTheFindingOffersItsFixWithoutContext() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    try harness.open(uri, text)
    let all = try actions(&harness, line: 5, endCharacter: 30, context: #"{"diagnostics":[]}"#)
    #expect(all.map { $0["title"]?.string } == ["remove 'get'"])
    let elsewhere = try actions(&harness, line: 2, endCharacter: 5, context: #"{"diagnostics":[]}"#)
    #expect(elsewhere.isEmpty)
  }

  @Test func suppressionInsertsAnIndentedDirectiveThatSilencesTheFinding() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let published = try harness.open(uri, text)
    let diagnostics = try #require(published.first?[path: "params", "diagnostics"])
    let all = try actions(&harness, line: 5, context: #"{"diagnostics":\#(diagnostics.jsonText)}"#)
    let suppress = try #require(all.first { $0["title"]?.string == "Suppress RC106 on this line" })
    let edits = try #require(suppress[path: "edit", "changes", uri]?.array)
    let fixed = try apply(edits, to: text)
    #expect(fixed.contains("    // rulescheck:disable-next-line RC106\n      allow read, get:"))
    #expect(!codes(fixed).contains("RC106"))
    #expect(!codes(fixed).contains("RC900"))
  }

  @Test func syntaxErrorsCannotBeSuppressedAndOtherKindsGetNothing() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    try harness.open(uri, "service firebase.storage {\n  match /a { allow read: if true }\n}\n")
    let syntax =
      #"[{"range":{"start":{"line":1,"character":33},"end":{"line":1,"character":34}},"code":"RS013","source":"rulescheck","message":"x"}]"#
    let all = try actions(&harness, line: 1, context: #"{"diagnostics":\#(syntax)}"#)
    #expect(!all.contains { $0["title"]?.string?.hasPrefix("Suppress") == true })
    let refactor = try actions(&harness, line: 1, context: #"{"diagnostics":[],"only":["refactor"]}"#)
    #expect(refactor.isEmpty)
  }
}

extension JSONInput {
  /// The value as compact JSON text.
  var jsonText: String {
    func convert(_ value: JSONInput) -> JSONValue {
      switch value {
      case .null: .null
      case .bool(let flag): .bool(flag)
      case .integer(let number): .number(String(number))
      case .number(let number): .number(String(number))
      case .string(let text): .string(text)
      case .array(let elements): .array(elements.map(convert))
      case .object(let members): .object(members.map { JSONValue.Member($0.key, convert($0.value)) })
      }
    }
    return convert(self).serialized(.compact)
  }
}
