import RulesEvaluator
import RulesReport
import RulesSyntax
import Synchronization
import Testing

@Suite struct DecisionLineWriterTests {
  /// Rules whose decisions exercise every part of a line: grants, denials, evaluation errors,
  /// a non-boolean condition, a skipped statement, a limit, escapes in paths and bindings.
  private static let rules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        function deep(n) { return n <= 0 || deep(n - 1); }
        match /users/{uid}/{rest=**} {
          allow read: if request.auth.uid == uid;
          allow read: if 'text';
          allow write: if request.resource.size < 1 / 0;
          allow delete: if deep(30);
        }
        match /open/{name} {
          allow get;
          allow create: if name.matches('a"b\\\\.*');
        }
      }
    }
    """

  private static let requests = [
    #"{"method":"get","path":"users/alice/a.png","auth":{"uid":"alice"}}"#,
    #"{"method":"get","path":"users/alice/a.png","auth":{"uid":"bob"}}"#,
    #"{"method":"list","path":"users/alice"}"#,
    #"{"method":"create","path":"users/alice/\"q\\u00e9\\t.png","requestResource":{"size":3}}"#,
    #"{"method":"update","path":"users/alice/missing"}"#,
    #"{"method":"delete","path":"users/alice/x","resource":{"size":1}}"#,
    #"{"method":"create","path":"open/a\"bé🙂\u2028","auth":null}"#,
    #"{"method":"get","path":"elsewhere/x"}"#,
    // Bindings near the display limit, and with what a display or JSON escapes.
    #"{"method":"get","path":"users/o'brien/x/y"}"#,
    #"{"method":"get","path":"users/a\\b/c\td/\u2028/é"}"#,
    "{\"method\":\"get\",\"path\":\"users/\(String(repeating: "u", count: 4_094))/x\"}",
    "{\"method\":\"get\",\"path\":\"users/\(String(repeating: "u", count: 4_095))/x\"}",
    "{\"method\":\"get\",\"path\":\"users/u/\(String(repeating: "p", count: 4_095))\"}",
    "{\"method\":\"get\",\"path\":\"users/u/\(String(repeating: "p", count: 4_096))\"}",
  ]

  @Test(arguments: [false, true])
  func linesEqualTheDocumentsSerializedCompactly(explain: Bool) throws {
    let ruleset = CompiledRuleset(source: Self.rules)
    let inputs = try RequestBatch.parse(Self.requests.joined(separator: "\n"))
    let warnings = ruleset.checked.deployableFindings
    let document = DecisionJSON(source: ruleset.checked.source, layout: .compact, warnings: warnings)
    let writer = DecisionLineWriter(source: ruleset.checked.source, warnings: warnings)
    let now = Timestamp(seconds: 1_780_000_000, nanos: 0)
    for (index, input) in inputs.enumerated() {
      let decision = ruleset.decide(
        input.request(now: now), firestore: FirestoreDocuments(), detail: explain ? .values : .statements)
      var line: [UInt8] = []
      writer.append(decision, index: index * 1_234_567, explain: explain, to: &line)
      let expected =
        document.document(decision, index: index * 1_234_567, explain: explain).withTool().serialized(
          .compact)
        + "\n"
      #expect(String(decoding: line, as: UTF8.self) == expected)
    }
  }

  @Test func aParallelParseReportsTheFirstMalformedLine() {
    var lines = Array(repeating: #"{"method":"get","path":"a/b"}"#, count: 20_000)
    lines[3] = ""
    lines[12_000] = #"{"method":"get","path":1}"#
    lines[17_000] = "{"
    do {
      _ = try BatchDecisions.parse(lines.joined(separator: "\n"))
      Issue.record("parsed a batch with malformed lines")
    } catch {
      #expect(error.line == 12_001)
      #expect(error.column == nil)
      #expect(error.message == "\"path\" must be a string")
    }
  }

  @Test func aParallelParseKeepsOrderAndSkipsBlankLines() throws {
    let lines = (0..<30_000).map { $0 % 7 == 3 ? "  " : #"{"method":"get","path":"f/\#($0)"}"# }
    let text = lines.joined(separator: "\r\n") + "\n"
    let parsed = try BatchDecisions.parse(text)
    #expect(parsed.map(\.path) == lines.indices.filter { $0 % 7 != 3 }.map { "f/\($0)" })
  }

  @Test func bytesThatAreNotUTF8AreReportedBeforeAnyMalformedLine() {
    var lines = Array(repeating: Array(#"{"method":"get","path":"a/b"}"#.utf8), count: 20_000)
    lines[5] = Array("{".utf8)
    lines[19_000] = Array(#"{"method":"get","path":"a/"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
    let bytes = Array(lines.joined(separator: [0x0A]))
    #expect(throws: BatchDecisions.InputError.notUTF8) { try BatchDecisions.parsePieces(bytes) }
    lines[19_000] = Array(#"{"method":"get","path":"a/é"}"#.utf8)
    lines[5] = Array(#"{"method":"get","path":"a/b"}"#.utf8)
    lines[15_000] = Array("{".utf8)
    do {
      _ = try BatchDecisions.parsePieces(Array(lines.joined(separator: [0x0A])))
      Issue.record("parsed a batch with a malformed line")
    } catch {
      guard case .line(let line) = error else {
        Issue.record("not a line error: \(error)")
        return
      }
      #expect(line.line == 15_001)
      #expect(line.column == 2)
    }
  }

  @Test(arguments: [BatchDecisions.Format.jsonLines, .text])
  func piecesDecideAsTheJoinedBatch(format: BatchDecisions.Format) throws {
    let text = (0..<12_000).map { Self.requests[$0 % Self.requests.count] }.joined(separator: "\n")
    let pieces = try BatchDecisions.parsePieces(Array(text.utf8))
    #expect(pieces.count > 1)
    let joined = try BatchDecisions.parse(text)
    #expect(pieces.flatMap { $0 }.map(\.path) == joined.map(\.path))
    var batch = BatchDecisions(
      ruleset: CompiledRuleset(source: Self.rules), firestore: FirestoreDocuments(),
      now: Timestamp(seconds: 1_780_000_000, nanos: 0), format: format, explain: false,
      style: TextStyle(colored: false))
    batch.chunkSize = 1_000
    let fromPieces = Mutex<[UInt8]>([])
    batch.run(pieces: pieces) { bytes in fromPieces.withLock { $0 += bytes } }
    let fromJoined = Mutex<[UInt8]>([])
    batch.run(joined) { bytes in fromJoined.withLock { $0 += bytes } }
    #expect(fromPieces.withLock { $0 } == fromJoined.withLock { $0 })
    #expect(fromPieces.withLock { $0 }.filter { $0 == 0x0A }.count == 12_000)
  }

  /// Lines of every length mod 8, with two-byte characters and newlines at every offset of
  /// a word, counted right in every piece.
  @Test func lineNumbersCountEveryNewlineOfEveryPiece() {
    var lines = (0..<25_000).map {
      #"{"method":"get","path":"f/"# + String(repeating: "é", count: $0 % 9) + #""}"#
    }
    lines[23_456] = #"{"method":"get","path":"f/é",}"#
    do {
      _ = try BatchDecisions.parsePieces(Array(lines.joined(separator: "\n").utf8))
      Issue.record("parsed a batch with a malformed line")
    } catch {
      guard case .line(let line) = error else {
        Issue.record("not a line error: \(error)")
        return
      }
      #expect(line.line == 23_457)
      #expect(line.column == 30)
      #expect(line.message == "malformed JSON: expected a member name in double quotes")
    }
  }
}
