import RulesEvaluator
import RulesLSP
import RulesReport
import Testing

@Suite struct LifecycleTests {
  @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() throws {
    var harness = ServerHarness()
    let reply = try harness.send(#"{"jsonrpc":"2.0","id":7,"method":"textDocument/codeAction","params":{}}"#)
    #expect(reply.first?[path: "error", "code"]?.int == -32002)
    #expect(reply.first?["id"]?.int == 7)
    #expect(try harness.open("file:///x/storage.rules", "service firebase.storage {}").isEmpty)
    #expect(harness.server.documents.isEmpty)
  }

  @Test func initializeAdvertisesOnlyWhatIsImplemented() throws {
    var harness = ServerHarness()
    let reply = try #require(try harness.initialize())
    let capabilities = try #require(reply[path: "result", "capabilities"])
    guard case .object(let members) = capabilities else { Issue.record("no capabilities"); return }
    #expect(
      members.map(\.key) == [
        "positionEncoding", "textDocumentSync", "codeActionProvider", "hoverProvider", "completionProvider",
        "definitionProvider", "referencesProvider", "documentSymbolProvider", "foldingRangeProvider",
        "documentFormattingProvider",
      ])
    #expect(capabilities["positionEncoding"]?.string == "utf-16")
    #expect(capabilities[path: "textDocumentSync", "change"]?.int == 2)
    #expect(reply[path: "result", "serverInfo", "version"]?.string == ToolVersion.current)
    let again = try harness.send(
      #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}"#)
    #expect(again.first?[path: "error", "code"]?.int == -32600)
  }

  @Test func utf8IsChosenWhenTheClientOffersIt() throws {
    var harness = ServerHarness()
    let reply = try harness.initialize(#"{"general":{"positionEncodings":["utf-16","utf-8"]}}"#)
    #expect(reply?[path: "result", "capabilities", "positionEncoding"]?.string == "utf-8")
    #expect(harness.server.encoding == .utf8)
  }

  @Test func exitIsZeroOnlyAfterShutdown() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let reply = try harness.send(#"{"jsonrpc":"2.0","id":"s","method":"shutdown"}"#)
    #expect(reply.first?["id"]?.string == "s")
    #expect(reply.first?["result"] == .null)
    let after = try harness.send(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
    #expect(after.first?[path: "error", "code"]?.int == -32600)
    try harness.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(harness.exitStatus == 0)

    var abrupt = ServerHarness()
    _ = try abrupt.initialize()
    try abrupt.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(abrupt.exitStatus == 1)
  }

  @Test func unknownRequestsAreMethodNotFoundAndUnknownNotificationsIgnored() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let reply = try harness.send(
      #"{"jsonrpc":"2.0","id":5,"method":"textDocument/semanticTokens/full","params":{}}"#)
    #expect(reply.first?[path: "error", "code"]?.int == -32601)
    #expect(try harness.send(#"{"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}"#).isEmpty)
    #expect(
      try harness.send(#"{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{}}"#).isEmpty)
  }

  @Test func malformedMessagesAreAnswered() throws {
    var harness = ServerHarness()
    _ = try harness.initialize()
    let bad = try harness.send(#"{"jsonrpc":"2.0","id":9,"method":"#)
    #expect(bad.first?[path: "error", "code"]?.int == -32700)
    #expect(bad.first?["id"] == .null)
    let noVersion = try harness.send(#"{"id":4,"method":"shutdown"}"#)
    #expect(noVersion.first?[path: "error", "code"]?.int == -32600)
    #expect(noVersion.first?["id"]?.int == 4)
    let badID = try harness.send(#"{"jsonrpc":"2.0","id":[1],"method":"shutdown"}"#)
    #expect(badID.first?[path: "error", "code"]?.int == -32600)
    #expect(harness.server.phase == .running)
  }

  @Test func cancellingAQueuedRequestAnswersRequestCancelled() throws {
    var queue = MessageQueue()
    queue.enqueue(RPCMessage.decode(Array(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#.utf8)))
    queue.enqueue(RPCMessage.decode(Array(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#.utf8)))
    queue.enqueue(
      RPCMessage.decode(Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#.utf8)))
    queue.enqueue(
      RPCMessage.decode(Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":99}}"#.utf8)))
    var harness = ServerHarness()
    _ = try harness.initialize()
    var replies: [JSONInput] = []
    while let message = queue.dequeue() { replies += try harness.run(harness.server.handle(message)) }
    #expect(replies.count == 2)
    #expect(replies[0]["result"] == .null)
    #expect(replies[1]["id"]?.int == 2)
    #expect(replies[1][path: "error", "code"]?.int == -32800)
  }
}
