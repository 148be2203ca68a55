import Foundation
import RulescheckTestSupport
import Testing

/// `simulate`, `list` and `test` run every file Firebase deploys (decisions.md §21): only compile
/// errors refuse a file; other findings are shown beside the decision and the rules run as
/// production runs them.
@Suite("rules that deploy run")
struct CLIDeployableRulesTests {
  /// Each statement has a static error Firebase's compiler does not refuse, with the outcome
  /// recorded from production.
  static let rules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        function isTwo(n) { return n == 2; }
        match /bytes/{name} { allow get: if b'key' == 'key'; }
        match /arity/{name} { allow get: if isTwo(2, 3) || true; }
        match /typo/{name} { allow create: if request.resource.zzAlpha == 1; }
        match /concat/{name} { allow get: if 'a' + 1 == 'a1'; }
        match /method/{name} { allow get: if name.startsWith('x'); }
        match /lists/{name} { allow get: if [1] + [2] == [1, 2]; }
        match /{directChild=*} { allow list: if true; }
      }
    }
    """

  func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("deploys.rules", Self.rules)
    try directory.write("objects.txt", "a.txt\nfolder/b.txt\n")
    try directory.write(
      "deploys.rules-test.yaml",
      """
      rules: deploys.rules
      cases:
        - {name: bytes, request: {method: get, path: bytes/x}, expect: deny}
        - {name: arity, request: {method: get, path: arity/x}, expect: allow}
        - {name: typo, request: {method: create, path: typo/x}, expect: deny}

      """)
    return directory
  }

  func decide(_ method: String, _ path: String, in directory: TemporaryDirectory) throws -> [String: Any] {
    let result = try Rulescheck.run(
      ["simulate", "deploys.rules", "--method", method, "--path", path, "--format", "json"], in: directory.url
    )
    #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// The result and error message of the one `allow` in the decision's trace.
  func outcome(_ document: [String: Any]) throws -> (result: String, error: String?) {
    let blocks = try #require(document["trace"] as? [[String: Any]])
    let allow = try #require((blocks.first?["allows"] as? [[String: Any]])?.first)
    let result = allow["result"].map { "\($0)" } ?? ""
    return (result, allow["error"] as? String)
  }

  @Test(
    arguments: [
      ("get", "bytes/x", false, "0", nil),
      ("get", "arity/x", true, "1", nil),
      ("create", "typo/x", false, "error", "Property zzAlpha is undefined on object."),
      ("get", "concat/x", false, "error", "Unsupported operation error. Received: string + int."),
      ("get", "method/x", false, "error", "Function not found error: Name: [startsWith]."),
      ("get", "lists/x", false, "error", "Unsupported operation error. Received: list + list."),
    ] as [(String, String, Bool, String, String?)])
  func decidesAsProduction(
    method: String, path: String, allowed: Bool, result: String, error: String?
  ) throws {
    let directory = try directory()
    let document = try decide(method, path, in: directory)
    #expect(document["allowed"] as? Bool == allowed)
    let outcome = try outcome(document)
    #expect(outcome.result == result)
    if let error {
      #expect(outcome.error?.hasPrefix(error) == true, "\(outcome.error ?? "no error")")
    } else {
      #expect(outcome.error == nil)
    }
    let warnings = try #require(document["warnings"] as? [[String: Any]])
    #expect(warnings.map { $0["code"] as? String } == ["RS301", "RS203", "RS204", "RS301", "RS208", "RS301"])
    #expect(warnings.allSatisfy { $0["blocksDeploy"] as? Bool == false })
  }

  @Test func textPrintsTheFindingsOnStandardErrorFirst() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["simulate", "deploys.rules", "--method", "get", "--path", "arity/x"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("allowed: get /b/test-bucket/o/arity/x"))
    #expect(result.stderr.contains("error[RS203/wrong-arity]"))
    #expect(
      result.stderr.hasSuffix(
        "deploys.rules: 6 findings that do not stop firebase deploy; the rules run as deployed, and what is wrong fails at evaluation\n"
      ))
  }

  @Test func listRunsAndAllowsTheRootThroughAStarWildcard() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["list", "deploys.rules", "--objects", "objects.txt", "--format", "json"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(document["items"] as? [String] == ["a.txt"])
    #expect(document["prefixes"] as? [String] == ["folder"])
    #expect((document["warnings"] as? [Any])?.count == 6)
  }

  @Test func testRunsTheSuiteAndReportsTheWarnings() throws {
    let directory = try directory()
    let text = try Rulescheck.run(["test", "deploys.rules-test.yaml"], in: directory.url)
    #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
    #expect(text.stderr.contains("6 findings that do not stop firebase deploy"))
    let json = try Rulescheck.run(["test", "deploys.rules-test.yaml", "--format", "json"], in: directory.url)
    #expect(json.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let suite = try #require((document["suites"] as? [[String: Any]])?.first)
    #expect((suite["warnings"] as? [[String: Any]])?.map { $0["code"] as? String }.count == 6)
  }

  @Test func batchLinesCarryTheWarnings() throws {
    let directory = try directory()
    try directory.write(
      "requests.jsonl",
      #"{"method": "get", "path": "arity/x"}"# + "\n" + #"{"method": "get", "path": "bytes/x"}"# + "\n")
    let result = try Rulescheck.run(
      ["simulate", "deploys.rules", "--requests", "requests.jsonl", "--format", "json"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    for line in lines {
      let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect((document["warnings"] as? [Any])?.count == 6)
    }
  }

  @Test(arguments: [
    ("rules_version = '3';\nservice firebase.storage { match /b/{b}/o { allow read; } }", "RS100"),
    ("service firebase.storage { match /b/{b}/o { match /{p=**}/x { allow read; } } }", "RS105"),
    ("import 'x.rules';\nservice firebase.storage { match /b/{b}/o { allow read; } }", "RS120"),
    ("function f() { return true; }", "RS119"),
    ("service firebase.storage { match /b/{b}/o { allow read: if 1 === 1; } }", "RS009"),
  ])
  func compileErrorsStillRefuse(rules: String, code: String) throws {
    let directory = try TemporaryDirectory()
    try directory.write("refused.rules", rules)
    let result = try Rulescheck.run(
      ["simulate", "refused.rules", "--method", "get", "--path", "x"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("[\(code)/"))
    #expect(result.stderr.hasSuffix("that stops firebase deploy; fix them before running the rules\n"))
  }
}
