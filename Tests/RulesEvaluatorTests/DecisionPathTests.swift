import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Testing

/// Deciding without a trace takes a faster path (wildcards bound when a rule reads them, blocks
/// without an `allow` for the method only counted as matched); it must reach the decisions and
/// reasons the traced path reaches, and rules must read the bindings the trace shows.
@Suite struct DecisionPathTests {
  static let ruleset = CompiledRuleset(
    source: """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /a/{x=**}/c/{y} {
            allow get: if bucket == 'bk' && y == 'f' && x[1] == 'q';
          }
          match /files/{uid}/{name} {
            allow list: if request.auth.uid == uid;
            allow create: if name == 'x';
          }
          match /docs/{rest=**} {
            allow list: if rest[0] == 'sub';
          }
          match /empty/{id} {
            allow delete: if false;
          }
        }
      }
      """)

  struct Row: CustomTestStringConvertible, Sendable {
    let method: RequestMethod
    let path: String
    let uid: String?
    let allowed: Bool
    let reason: DecisionReason
    /// The bindings the trace shows for the last matching block, as display text.
    let bindings: [String]
    var testDescription: String { "\(method) \(path) as \(uid ?? "nobody")" }
  }

  static let rows: [Row] = [
    // Segments after a recursive wildcard count from the end of the path.
    Row(
      method: .get, path: "a/p/q/c/f", uid: nil, allowed: true,
      reason: .granted(block: 1, statement: range(1, 0)),
      bindings: ["bucket = 'bk'", "x = /p/q", "y = 'f'"]),
    // Version 2: the recursive wildcard may take no segment, binding the empty path.
    Row(
      method: .get, path: "a/c/f", uid: nil, allowed: false, reason: .noGrantingAllow,
      bindings: ["bucket = 'bk'", "x = /", "y = 'f'"]),
    // A list: the child is unbound; the folder's own wildcard is bound.
    Row(
      method: .list, path: "files/alice", uid: "alice", allowed: true,
      reason: .granted(block: 2, statement: range(2, 0)),
      bindings: [
        "bucket = 'bk'", "uid = 'alice'",
        "name = error: Variable name is not bound: in a list request it stands for the listed child, which has no name.",
      ]),
    Row(
      method: .list, path: "files/alice", uid: "bob", allowed: false, reason: .noGrantingAllow,
      bindings: [
        "bucket = 'bk'", "uid = 'alice'",
        "name = error: Variable name is not bound: in a list request it stands for the listed child, which has no name.",
      ]),
    // A list under a recursive wildcard binds the folder without the child.
    Row(
      method: .list, path: "docs/sub", uid: nil, allowed: true,
      reason: .granted(block: 3, statement: range(3, 0)),
      bindings: ["bucket = 'bk'", "rest = /sub"]),
    // A block without an `allow` for the method still matches: no granting allow, not no block.
    Row(
      method: .get, path: "empty/z", uid: nil, allowed: false, reason: .noGrantingAllow,
      bindings: ["bucket = 'bk'", "id = 'z'"]),
    Row(method: .get, path: "nowhere/z", uid: nil, allowed: false, reason: .noMatchingBlock, bindings: []),
  ]

  /// The range of statement `statement` of block `block`, read from the traced decision.
  static func range(_ block: Int, _ statement: Int) -> SourceRange {
    ruleset.coverageLayout.statements.filter { $0.block == block }[statement].range
  }

  @Test("the untraced and the traced path reach the same decision and reason", arguments: rows)
  func samePath(_ row: Row) {
    let request = Request(
      method: row.method, bucket: "bk", path: row.path, auth: row.uid.map { AuthContext(uid: $0) },
      time: Timestamp(seconds: 0, nanos: 0))
    let fast = Self.ruleset.decide(request)
    let traced = Self.ruleset.decide(request, trace: true)
    #expect(fast.allowed == row.allowed)
    #expect(fast.reason == row.reason)
    #expect(traced.allowed == row.allowed)
    #expect(traced.reason == row.reason)
    #expect(fast.error == traced.error)
    for detail in [TraceDetail.everyStatement, .everyStatementValues] {
      let alone = Self.ruleset.decide(request, firestore: FirestoreDocuments(), detail: detail)
      #expect(alone.allowed == row.allowed)
      #expect(alone.reason == row.reason)
      #expect(alone.error == fast.error)
    }
    let shown = (traced.trace.last?.bindings ?? []).map { "\($0.name) = \($0.value.displayText)" }
    #expect(shown == row.bindings)
  }

  /// A denial's message is built only when read; it reads as production's, and a denial
  /// compares and hashes as any error with that status and message.
  @Test("a denial reads, compares and hashes by production's message")
  func denialMessage() throws {
    for path in ["empty/one", "files/u1/é x", "no/such/path"] {
      let request = Request(
        method: .delete, bucket: "bk", path: path, time: Timestamp(seconds: 0, nanos: 0))
      let decision = Self.ruleset.decide(request)
      #expect(!decision.allowed)
      let error = try #require(decision.error)
      #expect(error.status == 403)
      #expect(error.message == "User does not have permission to access '\(path)'.")
      var written = error
      written.message = error.message
      #expect(written == error)
      #expect(written.hashValue == error.hashValue)
      #expect(Set([written, error]).count == 1)
      written.message += " "
      #expect(written != error)
      #expect(written.message == "User does not have permission to access '\(path)'. ")
    }
  }

  @Test("everyStatement evaluates each statement alone, also after a grant, and decides as before")
  func everyStatementAlone() {
    let ruleset = CompiledRuleset(
      source: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /f/{name} {
              allow get: if request.auth != null;
              allow get: if request.auth.uid == 'alice';
              allow get: if request.auth.uid == 'bob';
            }
            match /{all=**} {
              allow get: if request.resource.size < 10;
            }
          }
        }
        """)
    let request = Request(
      method: .get, bucket: "bk", path: "f/a", auth: AuthContext(uid: "alice"),
      resource: ObjectMetadata.stored(name: "f/a", bucket: "bk", time: Timestamp(seconds: 0, nanos: 0)),
      time: Timestamp(seconds: 0, nanos: 0))
    let statements = ruleset.decide(request, firestore: FirestoreDocuments(), detail: .statements)
    let alone = ruleset.decide(request, firestore: FirestoreDocuments(), detail: .everyStatement)
    #expect(alone.allowed && alone.reason == statements.reason)
    // The traced path skips what follows the grant; each statement alone is evaluated.
    #expect(statements.trace.flatMap(\.allows).map(\.outcome).filter { $0 == .skipped }.count == 3)
    let outcomes = alone.trace.flatMap(\.allows).map(\.outcome)
    #expect(outcomes.count == 4)
    #expect(outcomes[0] == .value(true) && outcomes[1] == .value(true) && outcomes[2] == .value(false))
    // `request.resource` is null on a get.
    guard case .error = outcomes[3] else {
      Issue.record("expected an error, got \(outcomes[3])")
      return
    }
  }

  @Test("member access finds keys by code units in small and large maps")
  func memberAccess() {
    var large: [MapKey: Value] = [:]
    for index in 0..<20 { large[MapKey("k\(index)")] = .int(Int64(index)) }
    let small: [MapKey: Value] = ["\u{e9}": .int(1), "b": .int(2)]
    for map in [large, small] {
      #expect(
        CompiledRuleset.evaluate("m.zz", bindings: ["m": .map(map)]).displayText.hasPrefix(
          "error: Property zz"))
    }
    #expect(CompiledRuleset.evaluate("m.k7 + m['k19']", bindings: ["m": .map(large)]).displayText == "26")
    #expect(CompiledRuleset.evaluate("m.b + m['\u{e9}']", bindings: ["m": .map(small)]).displayText == "3")
    #expect(
      CompiledRuleset.evaluate("m['e\u{301}']", bindings: ["m": .map(small)]).displayText
        == "error: Property e\u{301} is undefined on object.")
  }
}
