import RulesAudit
import RulesEvaluator
import RulesSemantics
import Testing

@Suite("Audit probes")
struct ProbeTests {
  func probe(_ body: String, version: Int = 2) throws -> PatternProbe {
    let matrix = Audits.matrix(body, version: version)
    return try #require(matrix.patterns.first).probe
  }

  @Test func nestedBlocksProbeTheFullPatternWithTheOwnersUid() throws {
    let probe = try probe("match /groups/{groupId} { match /files/{file} { allow read; } }")
    #expect(probe.pattern == "groups/{groupId}/files/{file}")
    #expect(probe.objects == ["groups/alice/files/alice"])
    #expect(probe.folders == ["groups/alice/files"])
    #expect(probe.hasWildcard)
  }

  @Test func aBlockAtTheBucketRootProbesNoObject() throws {
    let probe = try probe("allow read;")
    #expect(probe.pattern == "")
    #expect(probe.objects.isEmpty && probe.folders.isEmpty)
  }

  @Test func aPatternOfOneSegmentListsTheBucketRoot() throws {
    let probe = try probe("match /{file} { allow read; }")
    #expect(probe.pattern == "{file}")
    #expect(probe.objects == ["alice"])
    #expect(probe.folders == [""])
  }

  @Test func literalSegmentsAreTheirOwnNames() throws {
    let probe = try probe("match /public/logo.png { allow read; }")
    #expect(probe.pattern == "public/logo.png")
    #expect(probe.objects == ["public/logo.png"])
    #expect(probe.folders == ["public"])
    #expect(!probe.hasWildcard)
  }

  @Test func versionTwoRecursiveWildcardHasZeroOneAndTwoSegments() throws {
    let probe = try probe("match /users/{uid}/{rest=**} { allow read; }")
    #expect(probe.objects == ["users/alice", "users/alice/alice", "users/alice/alice/alice"])
    // The zero-segment instance would list the folder above the pattern's own.
    #expect(probe.folders == ["users/alice", "users/alice/alice"])
  }

  @Test func versionOneRecursiveWildcardHasOneOrMoreSegments() throws {
    let probe = try probe("match /files/{rest=**} { allow read; }", version: 1)
    #expect(probe.objects == ["files/alice", "files/alice/alice"])
  }

  @Test func recursiveWildcardInTheMiddleUnderVersionTwo() throws {
    let probe = try probe("match /{prefix=**}/thumbs/{name} { allow read; }")
    #expect(probe.objects == ["thumbs/alice", "alice/thumbs/alice", "alice/alice/thumbs/alice"])
  }

  @Test func wildcardTestedWithMatchesHoldsAnExample() throws {
    let probe = try probe("match /img/{uid}/{name} { allow read: if name.matches('[a-z]+[.](png|jpg)'); }")
    #expect(probe.objects == ["img/alice/a.png"])
  }

  @Test func blocksWithoutAllowsAreNotProbed() throws {
    let matrix = Audits.matrix("match /a/{x} { match /b { allow read; } }")
    #expect(matrix.patterns.map(\.probe.pattern) == ["a/{x}/b"])
  }

  @Test func identitiesIncludeClaimsAndUidLiteralsTheRulesCompare() {
    let matrix = Audits.matrix(
      """
      match /a/{f} {
        allow write: if request.auth.token.admin == true || request.auth.token.role in ['editor'];
        allow delete: if request.auth.uid == 'root-uid';
      }
      """)
    #expect(
      matrix.identities.map(\.key) == [
        "anonymous", "owner", "stranger", "verified-owner", "claim:admin=true", "claim:role='editor'",
        "uid:'root-uid'", "privileged",
      ])
  }

  /// A claim, uid or content type compared through `let` names is probed as one compared
  /// directly: the identities are those of the direct version, in the same order.
  @Test(arguments: [
    (
      "let t = request.auth.token; let role = t.role; return t.admin == true || role in ['editor'];",
      "return request.auth.token.admin == true || request.auth.token.role in ['editor'];"
    ),
    ("let uid = request.auth.uid; return uid == 'root-uid';", "return request.auth.uid == 'root-uid';"),
    (
      "let token = request.auth.token; return request.auth != null && token.beta;",
      "return request.auth != null && request.auth.token.beta;"
    ),
    (
      "let beta = request.auth.token.beta; return request.auth != null && beta;",
      "return request.auth != null && request.auth.token.beta;"
    ),
    (
      "let t = request.auth.token; return t['plan'].matches('gold|silver');",
      "return request.auth.token['plan'].matches('gold|silver');"
    ),
  ])
  func claimsComparedThroughLetsAreProbed(_ throughLets: String, _ direct: String) {
    func identities(_ body: String) -> [String] {
      Audits.matrix("function f() { \(body) }\nmatch /a/{x} { allow read: if f(); }").identities.map(\.key)
    }
    let direct = identities(direct)
    #expect(direct.count > 4, "the direct version probes more than the four default identities")
    #expect(identities(throughLets) == direct)
  }

  @Test func budgetRunsOutWithAClearFlagAndUnprobedCells() {
    let body = (0..<40).map { "match /p\($0)/{f} { allow read, write: if request.auth != null; }" }.joined(
      separator: "\n")
    let matrix = Audits.matrix(body, options: Audits.options(budget: 200))
    #expect(matrix.budgetExhausted)
    #expect(matrix.decisions <= 200)
    #expect(matrix.cells.contains { $0.access == .notProbed })
    #expect(matrix.cells.first?.access == .never)  // anonymous get of the first pattern was decided
  }

  @Test func blockVisitsLimitDecisionsOfFilesWithManyBlocks() {
    let body = (0..<50).map { "match /p\($0)/{f} { allow read: if request.auth != null; }" }.joined(
      separator: "\n")
    // 51 blocks: the 50 and the enclosing `/b/{bucket}/o`.
    let options = AuditOptions(time: Audits.time, blockVisits: 51 * 100)
    let audit = AccessAudit(ruleset: Audits.rules(body), options: options)
    #expect(audit.decisionBudget == 100)
    let matrix = audit.matrix()
    #expect(matrix.budgetExhausted)
    #expect(matrix.decisions <= 100)
  }
}
