import RulesEvaluator
import RulesTesting
import Testing

@Suite("Reading suites")
struct SuiteReadingTests {
  @Test func readsTheTopLevelProfilesAndObjects() throws {
    let suite = try Fixtures.parse(
      Fixtures.suite(
        cases: """
            - name: alice reads
              request: {method: get, path: /files//alice/a.txt, auth: alice}
              expect: allow
            - name: signed out
              request: {method: get, path: files/alice/a.txt, auth: nobody}
              expect: deny
              error: permission
            - name: inline user, own resource
              request:
                method: update
                path: files/alice/a.txt
                auth: {uid: carol, token: {email_verified: true}}
                resource: {size: 99}
                requestResource: {contentType: text/html, metadata: {k: v}}
                time: 2026-01-01T00:00:00Z
              expect: deny
            - name: no object
              request: {method: get, path: files/alice/a.txt, resource: null}
              expect: deny
          """, extra: "bucket: my-bucket"),
      path: "tests/suite.rules-test.yaml")
    #expect(suite.rulesPath == "tests/storage.rules")
    #expect(suite.bucket == "my-bucket")
    #expect(suite.time == RFC3339.parse("2025-06-01T12:00:00Z"))
    #expect(suite.objects.count == 3)
    #expect(suite.cases.count == 4)
    let read = suite.cases[0]
    #expect(read.location == SuiteLocation(line: 13, column: 5))
    #expect(read.request.auth?.uid == "alice")
    #expect(read.request.bucket == "my-bucket")
    #expect(read.request.resource?["size"]?.displayText == "10")
    #expect(read.request.resource?["timeCreated"]?.rulesEquals(.timestamp(suite.time)) == true)
    #expect(suite.cases[1].request.auth == nil)
    #expect(suite.cases[1].expectation == Expectation(verdict: .deny, errorContains: "permission"))
    let inline = suite.cases[2]
    #expect(inline.request.auth?.token["email_verified"]?.displayText == "true")
    #expect(text(inline.request.resource) == "{'size': 99}")
    #expect(inline.request.requestResource?["metadata"]?.displayText == "{'k': 'v'}")
    #expect(inline.request.time == RFC3339.parse("2026-01-01T00:00:00Z"))
    #expect(suite.cases[3].request.resource == nil)
  }

  @Test func readsListCases() throws {
    let suite = try Fixtures.parse(
      Fixtures.suite(
        cases: """
            - name: page
              request: {method: list, path: files/alice, maxResults: 2, pageToken: abc}
              expect: allow
              listing: {prefixes: [files/alice/sub], items: [], nextPageToken: true}
            - name: all
              request: {method: list, all: true}
              expect: allow
          """))
    #expect(suite.cases[0].listing == ListingOptions(maxResults: 2, pageToken: "abc"))
    #expect(
      suite.cases[0].expectation.listing
        == ListingExpectation(prefixes: ["files/alice/sub"], items: [], nextPageToken: true))
    #expect(suite.cases[1].listing.all)
    #expect(suite.cases[1].request.path == "")
  }

  @Test func readsTheSameShapeInJSON() throws {
    let json = """
      {"rules": "storage.rules", "time": "2025-06-01T12:00:00Z",
       "profiles": {"alice": {"uid": "alice"}},
       "firestore": {"users/alice": {"role": "admin"}},
       "cases": [{"name": "a", "request": {"method": "get", "path": "files/alice/a.txt", "auth": "alice"},
                  "expect": "allow"}]}
      """
    let suite = try Fixtures.parse(json, path: "s.rules-test.json")
    #expect(suite.cases.first?.request.auth?.uid == "alice")
    #expect(
      text(suite.firestore.documents["/databases/(default)/documents/users/alice"]) == "{'role': 'admin'}")
  }

  /// Every problem in a suite names the file, line and column.
  @Test(arguments: [
    ("rules: a.rules\ncases: []\nbucket: b\nextra: 1", "s.yaml:4:1: unknown key \"extra\" in the suite"),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: get, path: p}\n    expct: allow",
      "s.yaml:5:5: unknown key \"expct\" in a case; did you mean \"expect\"?"
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: get, path: p, auth: alcie}\n    expect: allow",
      "s.yaml:4:43: unknown profile \"alcie\" (the suite defines no profiles)"
    ),
    (
      "rules: a.rules\nprofiles: {alice: {uid: a}}\ncases:\n  - name: x\n    request: {method: get, path: p, auth: alcie}\n    expect: allow",
      "s.yaml:5:43: unknown profile \"alcie\"; did you mean \"alice\"? (profiles: alice)"
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: get, path: p, resource: {size: big}}\n    expect: allow",
      "s.yaml:4:54: \"resource.size\" must be an integer"
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: get, path: p, resource: {sise: 1}}\n    expect: allow",
      "s.yaml:4:48: unknown metadata field \"resource.sise\""
    ),
    (
      "rules: a.rules\nobjects:\n  a: {metadata: {k: v, n: 3}}\ncases: []",
      "s.yaml:3:27: \"objects.a.metadata.n\" must be a string"
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: update, path: p, requestResource: {size: 1}}\n    expect: deny",
      "s.yaml:4:58: \"requestResource.size\" cannot be changed by a metadata update"
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request:\n      method: update\n      path: p\n"
        + "      requestResource: {metadata: {a: null, n: 3}}\n    expect: deny",
      "s.yaml:7:48: \"requestResource.metadata.n\" must be a string, or null to remove the key"
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request:\n      method: create\n      path: p\n"
        + "      requestResource: {metadata: {a: null}}\n    expect: deny",
      "s.yaml:7:39: \"requestResource.metadata.a\" must be a string"
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: fetch, path: p}\n    expect: allow",
      "s.yaml:4:23: unknown method \"fetch\""
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: get}\n    expect: allow",
      "s.yaml:4:14: a get request needs \"path\""
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: get, path: p}\n    expect: allowed",
      "s.yaml:5:13: expect must be allow or deny"
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: get, path: p}\n    expect: allow\n    error: x",
      "s.yaml:6:5: \"error\" needs expect: deny"
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: list, maxResults: 0}\n    expect: allow",
      "s.yaml:4:41: Argument 'maxResults' must be between 1 and 1000 inclusive."
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: get, path: p, maxResults: 3}\n    expect: allow",
      "s.yaml:4:37: \"maxResults\" applies to list requests only"
    ),
    (
      "rules: a.rules\ncases:\n  - name: x\n    request: {method: get, path: p, time: yesterday}\n    expect: allow",
      "s.yaml:4:43: time is not an RFC 3339 timestamp"
    ),
    (
      "rules: a.rules\ncases:\n  - request: {method: get, path: p}\n    expect: allow",
      "s.yaml:3:5: a case needs \"name\""
    ),
    ("cases: []", "s.yaml:1:1: the suite needs \"rules\""),
    ("rules: a.rules\ncases: {a: 1}", "s.yaml:2:8: cases must be a list, not a mapping"),
    ("rules: a.rules\ncases: [\n", "s.yaml:3:1: malformed YAML"),
    ("rules: a.rules\nrules: b.rules\ncases: []", "s.yaml:1:1: duplicate key \"rules\""),
  ])
  func reportsProblemsWithTheirPosition(_ text: String, _ expected: String) {
    #expect {
      try Fixtures.parse(text, path: "s.yaml")
    } throws: { error in
      (error as? SuiteError)?.description.hasPrefix(expected) == true
    }
  }

  @Test func reportsJSONProblemsWithTheirPosition() {
    #expect {
      try Fixtures.parse("{\"rules\": \"a\",\n \"cases\": [1,]}", path: "s.json")
    } throws: { error in
      (error as? SuiteError)?.description
        == "s.json:2:14: malformed JSON: unexpected character, expected a value"
    }
    #expect {
      try Fixtures.parse("{\"rules\": \"a\",\n \"cases\": [], \"bukket\": \"b\"}", path: "s.json")
    } throws: { error in
      (error as? SuiteError)?.description.hasPrefix(
        "s.json:2:15: unknown key \"bukket\" in the suite; did you mean \"bucket\"?")
        == true
    }
  }

  /// Plain YAML scalars resolve as in JSON, so YAML 1.1 surprises (`no`, `on`) stay text.
  @Test func resolvesPlainScalarsAsTheCoreSchemaDoes() throws {
    let suite = try Fixtures.parse(
      """
      rules: a.rules
      profiles:
        p: {uid: "1", token: {a: no, b: true, c: 12, d: 1.5, e: ~, f: '12', g: 0x1F, h: 2025-01-01}}
      cases: []
      """)
    let profileCase = try Fixtures.parse(
      """
      rules: a.rules
      profiles:
        p: {uid: "1", token: {a: no, b: true, c: 12, d: 1.5, e: ~, f: '12', g: 0x1F, h: 2025-01-01}}
      cases:
        - {name: n, request: {method: get, path: x, auth: p}, expect: deny}
      """
    ).cases[0]
    #expect(suite.cases.isEmpty)
    #expect(
      text(profileCase.request.auth?.token)
        == "{'a': 'no', 'b': true, 'c': 12, 'd': 1.5, 'e': null, 'f': '12', 'g': 31, 'h': '2025-01-01'}")
  }

  private func text(_ map: [String: Value]?) -> String? {
    map.map { Value.fields($0).displayText }
  }

  private func text(_ map: [MapKey: Value]?) -> String? {
    map.map { Value.map($0).displayText }
  }
}
