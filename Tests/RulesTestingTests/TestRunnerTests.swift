import RulesEvaluator
import RulesTesting
import RulescheckTestSupport
import Testing

@Suite("Running suites")
struct TestRunnerTests {
  func run(_ cases: String, filter: String? = nil) throws -> TestRun {
    Fixtures.run(try Fixtures.parse(Fixtures.suite(cases: cases)), filter: filter)
  }

  @Test func passesAndFailsOnTheVerdict() throws {
    let run = try run(
      """
        - name: alice reads her file
          request: {method: get, path: files/alice/a.txt, auth: alice}
          expect: allow
        - name: bob reads alice's file
          request: {method: get, path: files/alice/a.txt, auth: bob}
          expect: allow
      """)
    #expect(run.caseCount == 2)
    #expect(run.passedCount == 1)
    let failed = try #require(run.suites.first?.cases.last)
    #expect(failed.failures == ["expected allow, got deny"])
    #expect(failed.explanation?.trace.isEmpty == false)
    #expect(run.succeeded() == false)
  }

  /// `error` matches the denial message or an evaluation error raised on the way.
  @Test func matchesErrorMessages() throws {
    let run = try run(
      """
        - name: denial message
          request: {method: get, path: files/alice/a.txt, auth: bob}
          expect: deny
          error: User does not have permission to access 'files/alice/a.txt'.
        - name: evaluation error
          request: {method: create, path: files/alice/n.txt, auth: alice, requestResource: {size: 5000}}
          expect: deny
          error: Property big is undefined on object.
        - name: wrong message
          request: {method: get, path: files/alice/a.txt, auth: bob}
          expect: deny
          error: Null value error.
      """)
    let results = try #require(run.suites.first?.cases)
    #expect(results[0].passed)
    #expect(results[1].passed)
    #expect(
      results[2].failures == [
        "expected an error containing \"Null value error.\", got \"User does not have permission to access 'files/alice/a.txt'.\""
      ])
  }

  /// Uploading to an existing name is a create that sees the stored object as `resource`.
  @Test func takesResourceFromTheBucketState() throws {
    let run = try run(
      """
        - name: delete of a locked file
          request: {method: delete, path: files/alice/locked.txt, auth: alice}
          expect: deny
        - name: delete of a plain file
          request: {method: delete, path: files/alice/a.txt, auth: alice}
          expect: allow
        - name: the case's own resource wins
          request: {method: delete, path: files/alice/locked.txt, auth: alice, resource: {contentType: text/plain}}
          expect: allow
        - name: update of a missing object
          request: {method: update, path: files/alice/none.txt, auth: alice}
          expect: deny
      """)
    #expect(run.failedCount == 0)
  }

  @Test func checksListings() throws {
    let run = try run(
      """
        - name: everything
          request: {method: list, path: files/alice, auth: alice}
          expect: allow
          listing: {prefixes: [files/alice/sub], items: [files/alice/a.txt, files/alice/locked.txt], nextPageToken: false}
        - name: a page of one
          request: {method: list, path: files/alice, auth: alice, maxResults: 1}
          expect: allow
          listing: {items: [files/alice/a.txt], nextPageToken: true}
        - name: all pages
          request: {method: list, path: files/alice, auth: alice, all: true}
          expect: allow
          listing: {prefixes: [files/alice/sub], items: [files/alice/a.txt, files/alice/locked.txt]}
        - name: wrong expectation
          request: {method: list, path: files/alice, auth: alice}
          expect: allow
          listing: {prefixes: [], nextPageToken: true}
        - name: bob may not list
          request: {method: list, path: files/alice, auth: bob}
          expect: deny
        - name: another bucket is empty
          request: {method: list, path: files/alice, auth: alice, bucket: other}
          expect: allow
          listing: {prefixes: [], items: [], nextPageToken: false}
      """)
    let results = try #require(run.suites.first?.cases)
    #expect(results.map(\.passed) == [true, true, true, false, true, true])
    #expect(
      results[3].failures == [
        "expected prefixes [], got [\"files/alice/sub\"]", "expected a next page token, got none",
      ])
    #expect(results[4].listing == nil)
  }

  @Test func filtersCasesByName() throws {
    let cases = """
        - name: Alice reads
          request: {method: get, path: files/alice/a.txt, auth: alice}
          expect: allow
        - name: bob reads
          request: {method: get, path: files/alice/a.txt, auth: bob}
          expect: deny
      """
    #expect(try run(cases, filter: "ALICE").suites.first?.cases.map(\.testCase.name) == ["Alice reads"])
    #expect(try run(cases, filter: "carol").caseCount == 0)
  }

  @Test func measuresCoverageAcrossTheSuite() throws {
    let run = try run(
      """
        - name: alice reads
          request: {method: get, path: files/alice/a.txt, auth: alice}
          expect: allow
        - name: bob reads
          request: {method: get, path: files/alice/a.txt, auth: bob}
          expect: deny
      """)
    let file = try #require(run.coverage.first)
    #expect(file.path == "storage.rules")
    #expect(file.summary.statements == 4)
    #expect(file.summary.statementsGranted == 1)
    #expect(run.coverageShortfall(minimum: 20) == nil)
    #expect(
      run.coverageShortfall(minimum: 50)?.hasPrefix("statement coverage 25.0% (1 of 4 granted)") == true)
    #expect(run.succeeded(minimumCoverage: 50) == false)
  }
}

@Suite("Suites with Firestore documents")
struct FirestoreSuiteTests {
  static let rules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /teams/{team}/{file} {
          allow read: if firestore.get(/databases/(default)/documents/teams/$(team)).data.members
            .hasAny([request.auth.uid]);
        }
      }
    }
    """

  @Test(arguments: [
    "firestore: {teams/red: {members: [alice]}}",
    "firestore: documents.json",
  ])
  func readsDocumentsInlineOrFromAFile(_ firestore: String) throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Self.rules)
    try directory.write(
      "documents.json", #"{"/databases/(default)/documents/teams/red": {"members": ["alice"]}}"#)
    let suite = """
      rules: storage.rules
      \(firestore)
      cases:
        - name: a member reads
          request: {method: get, path: teams/red/a.txt, auth: {uid: alice}}
          expect: allow
        - name: others do not
          request: {method: get, path: teams/red/a.txt, auth: {uid: bob}}
          expect: deny
      """
    let file = try directory.write("team.rules-test.yaml", suite)
    let plan = try TestPlan.load([file.path], now: Fixtures.now)
    let run = TestRunner().run(plan)
    #expect(run.caseCount == 2)
    #expect(run.failedCount == 0)
  }

  @Test func aMissingFixtureFileIsAnError() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(
      "s.rules-test.yaml", "rules: storage.rules\nfirestore: missing.json\ncases: []\n")
    #expect {
      try TestPlan.load([file.path], now: Fixtures.now)
    } throws: { error in
      (error as? TestInputError)?.description.hasSuffix(
        "s.rules-test.yaml:2:12: cannot read \(directory.url.path)/missing.json: no such file or directory")
        == true
    }
  }
}
