import Foundation
import RulesEvaluator
import RulesLSP
import RulesLint
import RulesReport
import RulesSyntax
import RulescheckTestSupport
import Testing

@Suite struct DocumentTests {
  private let uri = "untitled:storage.rules"

  /// A version 2 file whose `allow` lists `get` twice (RC106, with a safe fix), after a
  /// comment with non-ASCII text, so UTF-16 and UTF-8 columns differ.
  private let text = """
    rules_version = '2';
    // héllo wörld 😀
    service firebase.storage {
      match /b/{bucket}/o {
        match /files/{name} {
          allow read, get: if request.auth != null;
        }
      }
    }

    """

  /// The publishDiagnostics notifications among `messages`.
  private func published(_ messages: [JSONInput]) -> [JSONInput] {
    messages.filter { $0["method"]?.string == "textDocument/publishDiagnostics" }
  }

  @Test func openPublishesWhatLintFindsWithTheVersion() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let notes = published(try harness.open(uri, text, version: 3))
    let note = try #require(notes.first)
    #expect(note[path: "params", "version"]?.int == 3)
    let expected = LintRunner().lint(SourceFile(path: "x", text: text)).diagnostics.map(\.code)
    #expect(!expected.isEmpty)
    #expect(note.diagnosticCodes == expected)
    let diagnostic = try #require(
      note[path: "params", "diagnostics"]?.array?.first { $0["code"]?.string == "RC106" })
    #expect(diagnostic["source"]?.string == "rulescheck")
    #expect(diagnostic["severity"]?.int == 2)
    #expect(diagnostic[path: "data", "blocksDeploy"] == .bool(false))
    #expect(diagnostic[path: "data", "fixes"]?.array?.count == 1)
    // `get` on line 5 (0-based), after "      allow read, ".
    #expect(diagnostic[path: "range", "start", "line"]?.int == 5)
    #expect(diagnostic[path: "range", "start", "character"]?.int == 18)
    #expect(harness.lintRequests.map(\.delay) == [0])
  }

  @Test func incrementalEditsUseUTF16ColumnsAndCarryTheVersion() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    try harness.open(uri, text)
    // Replace "wörld 😀" (UTF-16 columns 9..<17 of line 1) with "x", then remove ", get".
    let reply = try harness.send(
      #"""
      {"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},
      "contentChanges":[{"range":{"start":{"line":1,"character":9},"end":{"line":1,"character":17}},"text":"x"},
      {"range":{"start":{"line":5,"character":16},"end":{"line":5,"character":21}},"text":""}]}}
      """#)
    let note = try #require(published(reply).last)
    #expect(note[path: "params", "version"]?.int == 2)
    #expect(!note.diagnosticCodes.contains("RC106"))
    let document = try #require(harness.server.documents[uri])
    #expect(document.text.contains("// héllo x\n"))
    #expect(document.text.contains("allow read: if"))
    #expect(harness.lintRequests.last?.delay == 150)
  }

  @Test func aStaleResultIsNeverPublished() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    try harness.open(uri, text)
    let old = try #require(harness.server.snapshot(uri))
    try harness.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"service firebase.storage {}"}]}}"#
    )
    #expect(harness.server.accept(DocumentLinter().lint(old)) == nil)
  }

  @Test func closingClearsTheDiagnostics() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    try harness.open(uri, text)
    let reply = try harness.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
    #expect(published(reply).first?[path: "params", "diagnostics"]?.array?.isEmpty == true)
    #expect(harness.server.documents[uri] == nil)
  }

  @Test func otherDocumentsAreNotLinted() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let reply = try harness.send(
      ##"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a/notes.md","languageId":"markdown","version":1,"text":"# x"}}}"##
    )
    #expect(reply.isEmpty)
  }

  @Test func theNearestConfigurationFileApplies() throws {
    let directory = try TemporaryDirectory()
    try directory.write(".rulescheck.yml", "rules:\n  RC106: off\n")
    let file = directory.url.appendingPathComponent("sub/storage.rules")
    var harness = ServerHarness()
    _ = try harness.initialize()
    let note = try #require(published(try harness.open(file.absoluteString, text)).first)
    #expect(!note.diagnosticCodes.contains("RC106"))
    try directory.write(".rulescheck.yml", "rules: [\n")
    let broken = try #require(published(try harness.open(file.absoluteString, text)).first)
    #expect(broken.diagnosticCodes.first == "configuration")
    #expect(broken.diagnosticCodes.contains("RC106"))
  }

  @Test func aTextAboveTheRulesFileLimitIsNotLinted() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let huge = text + "//" + String(repeating: "x", count: 1 << 20) + "\n"
    let note = try #require(published(try harness.open(uri, huge)).first)
    #expect(note.diagnosticCodes == ["too-large"])
    let message = note[path: "params", "diagnostics"]?.array?.first?["message"]?.string ?? ""
    #expect(message.contains("more than the limit of 1 MiB"))
  }

  @Test func savingTheConfigurationFileLintsOpenDocumentsAgainAndExcludesApply() throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("sub/storage.rules").absoluteString
    var harness = ServerHarness()
    _ = try harness.initialize()
    #expect(published(try harness.open(file, text)).first?.diagnosticCodes.contains("RC106") == true)
    let config = try directory.write(".rulescheck.yml", "exclude:\n  - sub/**\n")
    let reply = try harness.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"\#(config.absoluteString)"}}}"#
    )
    let note = try #require(published(reply).first)
    #expect(note[path: "params", "uri"]?.string == file)
    #expect(note.diagnosticCodes.isEmpty)
  }

  @Test func firestoreRulesGetTheSingleFindingLintPrints() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let firestore =
      "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{db}/documents {}\n}\n"
    let note = try #require(published(try harness.open(uri, firestore)).first)
    #expect(
      note.diagnosticCodes
        == LintRunner().lint(SourceFile(path: "x", text: firestore)).diagnostics.map(\.code))
    #expect(note.diagnosticCodes.first == "RS104")
  }
}
