import RulesAudit
import RulesEvaluator
import RulesSemantics
import Testing

/// The audit calls the evaluator; these tests decide a sample of cells again with direct
/// `CompiledRuleset.decide` calls, built by hand, and compare.
@Suite("Audit agrees with decide")
struct AgreementTests {
  static let body = """
    match /users/{uid}/{file} {
      allow read: if request.auth.uid == uid;
      allow create: if request.auth.uid == uid && request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*');
      allow delete: if request.auth.token.admin == true;
    }
    match /groups/{groupId}/{file} { allow read, write: if request.auth != null; }
    match /public/{all=**} { allow get; }
    """

  @Test func everyWitnessDecidesAsItsCellSays() {
    let ruleset = Audits.rules(Self.body)
    let matrix = AccessAudit(ruleset: ruleset, options: Audits.options()).matrix()
    #expect(!matrix.cells.isEmpty)
    for cell in matrix.cells {
      guard let witness = cell.witness else { continue }
      let decision = ruleset.decide(witness)
      #expect(decision.allowed == cell.access.grants, "\(cell.identity.key) \(cell.method) \(witness.path)")
    }
  }

  @Test func handBuiltRequestsAgreeWithSampledCells() throws {
    let ruleset = Audits.rules(Self.body)
    let matrix = AccessAudit(ruleset: ruleset, options: Audits.options()).matrix()
    let users = try #require(matrix.pattern("users/{uid}/{file}"))
    let groups = try #require(matrix.pattern("groups/{groupId}/{file}"))
    let stored = ObjectMetadata.stored(name: "groups/alice/alice", bucket: "test-bucket", time: Audits.time)
    let cases: [(Int, AuditIdentity, RequestMethod, Request)] = [
      (
        users, .owner, .get,
        Request(
          method: .get, bucket: "test-bucket", path: "users/alice/x", auth: AuthContext(uid: "alice"),
          resource: stored, time: Audits.time)
      ),
      (
        users, .stranger, .get,
        Request(
          method: .get, bucket: "test-bucket", path: "users/alice/x", auth: AuthContext(uid: "bob"),
          resource: stored, time: Audits.time)
      ),
      (
        groups, .stranger, .delete,
        Request(
          method: .delete, bucket: "test-bucket", path: "groups/alice/x", auth: AuthContext(uid: "bob"),
          resource: stored, time: Audits.time)
      ),
      (
        groups, .anonymous, .create,
        Request(
          method: .create, bucket: "test-bucket", path: "groups/alice/x",
          requestResource: ObjectMetadata.upload(name: "groups/alice/x", bucket: "test-bucket"),
          time: Audits.time)
      ),
      (
        users, .owner, .list,
        Request(
          method: .list, bucket: "test-bucket", path: "users/alice", auth: AuthContext(uid: "alice"),
          time: Audits.time)
      ),
      (
        users, .claim(field: "admin", value: .bool(true)), .delete,
        Request(
          method: .delete, bucket: "test-bucket", path: "users/alice/x",
          auth: AuthContext(uid: "carol", token: ["admin": .bool(true)]), resource: stored, time: Audits.time)
      ),
    ]
    for (pattern, identity, method, request) in cases {
      let cell = try #require(matrix.cell(pattern: pattern, identity: identity, method: method))
      #expect(cell.access != .sometimes)
      #expect(ruleset.decide(request).allowed == (cell.access == .always), "\(identity.key) \(method)")
    }
  }

  @Test func sizeBoundIsWhereDecideChangesItsAnswer() throws {
    let ruleset = Audits.rules(Self.body)
    let matrix = AccessAudit(ruleset: ruleset, options: Audits.options()).matrix()
    let users = try #require(matrix.pattern("users/{uid}/{file}"))
    let cell = try #require(matrix.cell(pattern: users, identity: .owner, method: .create))
    #expect(cell.access == .sometimes)
    #expect(cell.qualifiers.contains(.sizeAtMost(5 * 1024 * 1024 - 1)))
    func upload(_ size: Int64) -> Bool {
      let name = "users/alice/x"
      return ruleset.decide(
        Request(
          method: .create, bucket: "test-bucket", path: name, auth: AuthContext(uid: "alice"),
          requestResource: ObjectMetadata.upload(
            name: name, bucket: "test-bucket",
            given: ["size": .int(size), "contentType": .string("image/png")]),
          time: Audits.time)
      ).allowed
    }
    #expect(upload(5 * 1024 * 1024 - 1))
    #expect(!upload(5 * 1024 * 1024))
  }

  @Test func aLintRuleCanAskOneCellOfOneBlock() throws {
    let ruleset = Audits.rules(Self.body)
    let audit = AccessAudit(ruleset: ruleset, options: Audits.options())
    let index = try #require(
      ruleset.checked.matches.firstIndex {
        if case .literal("users") = $0.block.pattern.segments.first?.kind { true } else { false }
      })
    let probe = try #require(audit.probe(forMatch: index))
    #expect(probe.pattern == "users/{uid}/{file}")
    var budget = 100
    let stranger = audit.cell(probe, identity: .stranger, method: .delete, budget: &budget)
    #expect(stranger.access == .never)
    let owner = audit.cell(probe, identity: .owner, method: .get, budget: &budget)
    #expect(owner.access == .always)
    #expect(budget < 100)
  }
}
