import Foundation
import RulescheckTestSupport
import Testing

/// Starts `rulescheck lsp` and exchanges framed messages with it.
@Suite struct CLILSPTests {
  private let uri = "file:///nonexistent-rulescheck-test/storage.rules"
  /// RC106 (a safe fix) on line 5, after a comment with non-ASCII text.
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

  private func json(_ value: Any) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  private func didOpen(_ text: String, version: Int = 1) -> String {
    #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"firebase-rules","version":\#(version),"text":\#(json(text))}}}"#
  }

  private func codes(_ diagnostics: [[String: Any]]) -> [String] {
    diagnostics.compactMap { $0["code"] as? String }
  }

  @Test func lifecycleEndsWithStatusZeroAfterShutdownAndExit() throws {
    let server = try LSPProcess()
    try server.send(LSPProcess.initialize, LSPProcess.initialized)
    let result = try server.response(1)["result"] as? [String: Any]
    let capabilities = result?["capabilities"] as? [String: Any]
    #expect(capabilities?["positionEncoding"] as? String == "utf-16")
    #expect((result?["serverInfo"] as? [String: Any])?["name"] as? String == "rulescheck")
    try server.send(LSPProcess.shutdown)
    #expect(try server.response(99)["result"] is NSNull)
    try server.send(LSPProcess.exit)
    #expect(try server.waitForExit() == 0)
  }

  @Test func exitWithoutShutdownIsStatusOne() throws {
    let server = try LSPProcess()
    try server.send(LSPProcess.initialize, LSPProcess.exit)
    #expect(try server.waitForExit() == 1)
  }

  @Test func diagnosticsOnOpenAndAfterAnIncrementalUTF16Edit() throws {
    let server = try LSPProcess(["--debounce", "10"])
    try server.send(LSPProcess.initialize, LSPProcess.initialized, didOpen(text, version: 1))
    let opened = try server.diagnostics(uri, version: 1)
    #expect(codes(opened).contains("RC106"))
    let finding = try #require(opened.first { $0["code"] as? String == "RC106" })
    #expect(finding["source"] as? String == "rulescheck")
    #expect(((finding["range"] as? [String: Any])?["start"] as? [String: Any])?["character"] as? Int == 18)
    // "wörld 😀" is UTF-16 columns 9..<17 of line 1; then ", get" on line 5 goes.
    try server.send(
      #"""
      {"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":9},"end":{"line":1,"character":17}},"text":"x"},{"range":{"start":{"line":5,"character":16},"end":{"line":5,"character":21}},"text":""}]}}
      """#)
    #expect(!codes(try server.diagnostics(uri, version: 2)).contains("RC106"))
    try server.send(LSPProcess.shutdown, LSPProcess.exit)
    #expect(try server.waitForExit() == 0)
  }

  @Test func aQuickFixAppliedLeavesTheTextCleanOfItsFinding() throws {
    let server = try LSPProcess()
    try server.send(LSPProcess.initialize, LSPProcess.initialized, didOpen(text))
    let diagnostics = try server.diagnostics(uri, version: 1)
    try server.send(
      #"{"jsonrpc":"2.0","id":5,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":5,"character":18},"end":{"line":5,"character":18}},"context":{"diagnostics":\#(json(diagnostics))}}}"#
    )
    let actions = try #require(try server.response(5)["result"] as? [[String: Any]])
    let preferred = try #require(actions.first { $0["isPreferred"] as? Bool == true })
    let changes = (preferred["edit"] as? [String: Any])?["changes"] as? [String: Any]
    let edits = try #require(changes?[uri] as? [[String: Any]])
    // Send the edit back as a change, as an editor applying it does, and lint again.
    let contentChanges = edits.map { ["range": $0["range"] ?? [:], "text": $0["newText"] ?? ""] }
    try server.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":\#(json(contentChanges))}}"#
    )
    let after = try server.diagnostics(uri, version: 2)
    #expect(codes(diagnostics).contains("RC106"))
    #expect(!codes(after).contains("RC106"))
    #expect(actions.contains { $0["title"] as? String == "Suppress RC106 on this line" })
    try server.send(LSPProcess.shutdown, LSPProcess.exit)
    #expect(try server.waitForExit() == 0)
  }

  @Test func hoverCompletionDefinitionAndFormattingOverTheWire() throws {
    let server = try LSPProcess()
    let typed = text.replacingOccurrences(
      of: "allow read, get: if request.auth != null;",
      with:
        "function signedIn() { return request.auth != null; }\n      allow read: if signedIn() && request.resource.con"
    )
    try server.send(LSPProcess.initialize, LSPProcess.initialized, didOpen(typed))
    _ = try server.diagnostics(uri, version: 1)
    func request(_ id: Int, _ method: String, line: Int, character: Int) throws -> Any? {
      try server.send(
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}}"#
      )
      return try server.response(id)["result"]
    }
    // Line 6: `      allow read: if signedIn() && request.resource.con`.
    let line = typed.split(separator: "\n", omittingEmptySubsequences: false)[6]
    let completion = try #require(
      try request(5, "textDocument/completion", line: 6, character: line.utf16.count))
    let items = try #require((completion as? [String: Any])?["items"] as? [[String: Any]])
    #expect(items.contains { $0["label"] as? String == "contentType" })
    // `resource` of `request.resource`, columns 43..<51.
    let hover = try #require(try request(6, "textDocument/hover", line: 6, character: 45) as? [String: Any])
    let value = (hover["contents"] as? [String: Any])?["value"] as? String
    #expect(value?.contains("request.resource") == true)
    let definition = try #require(
      try request(7, "textDocument/definition", line: 6, character: 22) as? [String: Any])
    #expect(((definition["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 5)
    try server.send(
      #"{"jsonrpc":"2.0","id":8,"method":"textDocument/formatting","params":{"textDocument":{"uri":"\#(uri)"},"options":{"tabSize":2,"insertSpaces":true}}}"#
    )
    // One edit with the canonical layout, which adds the missing `;`.
    let edits = try #require(try server.response(8)["result"] as? [[String: Any]])
    #expect(edits.count == 1)
    #expect(
      (edits.first?["newText"] as? String)?.contains("allow read: if signedIn() && request.resource.con;\n")
        == true)
    try server.send(LSPProcess.shutdown, LSPProcess.exit)
    #expect(try server.waitForExit() == 0)
  }

  @Test func aLargeDocumentIsPublishedFirstWithoutTheAccessRulesThenInFull() throws {
    let blocks = (0..<300).map {
      "    match /g\($0)/{group}/{file} { allow write: if request.auth != null; }"
    }
    let large =
      "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n"
      + blocks.joined(separator: "\n") + "\n  }\n}\n"
    #expect(large.utf8.count >= 16 * 1024)
    let server = try LSPProcess()
    try server.send(LSPProcess.initialize, LSPProcess.initialized, didOpen(large))
    func isPublish(_ message: [String: Any]) -> Bool {
      message["method"] as? String == "textDocument/publishDiagnostics"
        && (message["params"] as? [String: Any])?["version"] as? Int == 1
    }
    let first = try server.wait(for: "the first pass", isPublish)
    let index = try #require(server.messages.firstIndex { isPublish($0) })
    let second = try server.wait(for: "the second pass", after: index + 1, isPublish)
    func found(_ message: [String: Any]) -> [String] {
      codes((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? [])
    }
    #expect(!found(first).contains("RC312"))
    #expect(found(second).contains("RC312"))
    #expect(Set(found(first)).isSubset(of: Set(found(second))))
    try server.send(LSPProcess.shutdown, LSPProcess.exit)
    #expect(try server.waitForExit() == 0)
  }

  @Test func malformedMessagesAreAnsweredOrSkippedAndTheServerGoesOn() throws {
    let server = try LSPProcess()
    try server.send(LSPProcess.initialize)
    _ = try server.response(1)
    try server.write(raw: LSPProcess.frame("{not json"))
    let parseError = try server.wait(for: "a parse error") { ($0["error"] as? [String: Any]) != nil }
    #expect(parseError["id"] is NSNull)
    #expect((parseError["error"] as? [String: Any])?["code"] as? Int == -32700)
    // A header line that is not a header is skipped; the message after it is answered.
    try server.write(
      raw: "X-Junk\r\n"
        + LSPProcess.frame(#"{"jsonrpc":"2.0","id":3,"method":"workspace/symbol","params":{}}"#))
    #expect((try server.response(3)["error"] as? [String: Any])?["code"] as? Int == -32601)
    try server.send(LSPProcess.shutdown, LSPProcess.exit)
    #expect(try server.waitForExit() == 0)
  }

  @Test func aRequestCancelledWhileQueuedIsAnsweredRequestCancelled() throws {
    let server = try LSPProcess()
    try server.send(LSPProcess.initialize)
    _ = try server.response(1)
    try server.send(
      #"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#,
      #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#)
    #expect((try server.response(7)["error"] as? [String: Any])?["code"] as? Int == -32800)
    try server.send(LSPProcess.shutdown, LSPProcess.exit)
    #expect(try server.waitForExit() == 0)
  }

  @Test(arguments: [
    ("Content-Type: application/json\r\n\r\n{}", "without Content-Length"),
    ("Content-Length: -1\r\n\r\n", "invalid Content-Length '-1'"),
    ("Content-Length: 999999999999\r\n\r\n", "above the limit"),
    ("Content-Length: 50\r\n\r\n{\"jsonrpc\"", "ended in the middle of a message"),
  ])
  func unframeableInputEndsWithStatusOneAndAMessage(_ input: String, _ message: String) throws {
    let server = try LSPProcess()
    try server.write(raw: input)
    let (status, stderr) = try server.finish()
    #expect(status == 1)
    #expect(stderr.contains("rulescheck lsp: error:"))
    #expect(stderr.contains(message))
  }
}
