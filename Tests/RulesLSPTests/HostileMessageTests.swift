import RulesEvaluator
import RulesLSP
import RulesReport
import Testing

/// Edits and code actions with positions anywhere a client could put them (negative, past the
/// end, inside a surrogate pair, the largest integers) never crash the server, and the
/// document stays valid UTF-8 that lints.
@Suite struct HostileMessageTests {
  /// A small deterministic generator (SplitMix64), so a failure reproduces.
  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  private let numbers = [
    "0", "1", "3", "-1", "2147483648", "9223372036854775807", "-9223372036854775808", "1.5", "1e300",
  ]
  private let insertions = ["", "x", "é", "😀", "\\n", "\\r\\n", "\\r", "}", "allow read;", "/*", "'"]

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomEditsNeverCrash(seed: UInt64) throws {
    var random = Generator(state: seed)
    for encoding in [#"["utf-8"]"#, "[]"] {
      var harness = ServerHarness()
      _ = try harness.initialize(#"{"general":{"positionEncodings":\#(encoding)}}"#)
      try harness.open(
        "untitled:a.rules", "// é😀\r\nservice firebase.storage {\n  match /b/{b}/o { allow read, get; }\n}\n")
      for step in 0..<150 {
        func position() -> String {
          #"{"line":\#(numbers.randomElement(using: &random)!),"character":\#(numbers.randomElement(using: &random)!)}"#
        }
        let range = #"{"start":\#(position()),"end":\#(position())}"#
        if step % 3 == 2 {
          try harness.send(
            #"{"jsonrpc":"2.0","id":\#(step),"method":"textDocument/codeAction","params":{"textDocument":{"uri":"untitled:a.rules"},"range":\#(range),"context":{"diagnostics":[{"code":"RC106","range":\#(range)}]}}}"#
          )
        } else {
          let text = insertions.randomElement(using: &random)!
          try harness.send(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"untitled:a.rules","version":\#(step + 2)},"contentChanges":[{"range":\#(range),"text":"\#(text)"}]}}"#
          )
        }
      }
      let document = try #require(harness.server.documents["untitled:a.rules"])
      #expect(String(validating: document.bytes, as: UTF8.self) != nil)
      #expect(harness.exitStatus == nil)
    }
  }

  @Test func aNotificationRewritingTooMuchStopsFollowingTheDocument() throws {
    var harness = ServerHarness(server: LanguageServer(options: ServerOptions(editBudget: 100_000)))
    _ = try harness.initialize()
    let uri = "untitled:big.rules"
    try harness.open(uri, "// " + String(repeating: "x", count: 1_000) + "\n")
    let change = #"{"range":{"start":{"line":0,"character":3},"end":{"line":0,"character":4}},"text":"y"}"#
    let changes = Array(repeating: change, count: 300).joined(separator: ",")
    let reply = try harness.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[\#(changes)]}}"#
    )
    #expect(reply.first?.diagnosticCodes == ["too-large"])
    #expect(harness.server.documents[uri] == nil)
  }
}
