import Foundation
import RulescheckTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("rulescheck test")
struct CLITestCommandTests {
  static let passing = Fixtures.suite(
    cases: """
        - name: alice reads her file
          request: {method: get, path: files/alice/a.txt, auth: alice}
          expect: allow
        - name: bob cannot read it
          request: {method: get, path: files/alice/a.txt, auth: bob}
          expect: deny
      """)

  static let failing = Fixtures.suite(
    cases: """
        - name: alice overwrites a file
          request: {method: create, path: files/alice/a.txt, auth: alice, requestResource: {size: 5}}
          expect: deny
        - name: alice reads her file
          request: {method: get, path: files/alice/a.txt, auth: alice}
          expect: allow
      """)

  func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.rules)
    try directory.write(
      "suites/pass.rules-test.yaml",
      Self.passing.replacingOccurrences(of: "rules: storage.rules", with: "rules: ../storage.rules"))
    try directory.write("fail.rules-test.yaml", Self.failing)
    return directory
  }

  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func passingSuiteExitsZero() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["test", "suites"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.contains("2 cases in 1 suite: 2 passed, 0 failed"))
    #expect(result.stdout.contains("storage.rules: 1/4 statements granted (25%)"))
    #expect(result.stdout.contains("never granted: storage.rules:7:7: allow create: if signedIn()"))
  }

  @Test func failingCaseExitsOneWithTheExplanation() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["test", "fail.rules-test.yaml"], in: directory.url)
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "fail.rules-test.yaml:13:5: FAIL alice overwrites a file: expected deny, got allow")
    #expect(lines.contains("    allowed: create /b/test-bucket/o/files/alice/a.txt"))
    #expect(lines.contains { $0.hasPrefix("      granted by storage.rules:7:7: allow create:") })
    #expect(
      lines.contains(
        "    note: files/alice/a.txt exists: uploading to it is a create with resource = the stored object, never an update"
      ))
    #expect(result.stdout.contains("2 cases in 1 suite: 1 passed, 1 failed"))
  }

  @Test func directoriesAreSearchedForSuites() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["test", ".", "--format", "json"], in: directory.url)
    #expect(result.status == 1)
    let document = try json(result.stdout)
    let suites = try #require(document["suites"] as? [[String: Any]])
    #expect(suites.map { $0["path"] as? String } == ["fail.rules-test.yaml", "suites/pass.rules-test.yaml"])
    #expect(suites.map { $0["rules"] as? String } == ["storage.rules", "storage.rules"])
    let summary = try #require(document["summary"] as? [String: Int])
    #expect(summary == ["suites": 2, "cases": 4, "passed": 3, "failed": 1])
    let failed = try #require((suites[0]["cases"] as? [[String: Any]])?.first)
    #expect(failed["passed"] as? Bool == false)
    #expect(failed["expected"] as? String == "deny")
    #expect(failed["actual"] as? String == "allow")
    #expect((failed["decision"] as? [String: Any])?["allowed"] as? Bool == true)
    let coverage = try #require(document["coverage"] as? [String: Any])
    #expect((coverage["total"] as? [String: Any])?["statementsGranted"] as? Int == 2)
  }

  @Test func filterSelectsCasesAndAnEmptySelectionIsAnError() throws {
    let directory = try directory()
    let selected = try Rulescheck.run(["test", ".", "--filter", "READS"], in: directory.url)
    #expect(selected.status == 0)
    #expect(selected.stdout.contains("2 cases in 2 suites: 2 passed, 0 failed"))
    let none = try Rulescheck.run(["test", ".", "--filter", "nothing like this"], in: directory.url)
    #expect(none.status == 2)
    #expect(none.stderr == "rulescheck: error: no case matches --filter 'nothing like this'\n")
  }

  @Test func junitIsWellFormedXML() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["test", ".", "--format", "junit"], in: directory.url)
    #expect(result.status == 1)
    let collector = XMLCollector()
    let parser = XMLParser(data: Data(result.stdout.utf8))
    parser.delegate = collector
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(collector.elements.filter { $0.name == "testsuite" }.count == 2)
    let cases = collector.elements.filter { $0.name == "testcase" }
    #expect(cases.count == 4)
    #expect(cases.first?.attributes["name"] == "alice overwrites a file")
    #expect(cases.first?.attributes["classname"] == "fail")
    #expect(cases.first?.attributes["line"] == "13")
    let failure = try #require(collector.elements.first { $0.name == "failure" })
    #expect(failure.attributes["message"] == "expected deny, got allow")
    #expect(collector.text.contains("granted by storage.rules:7:7"))
    #expect(collector.elements.first?.attributes["failures"] == "1")
  }

  @Test func writesCoverageFiles() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["test", "suites", "--coverage", "out/c.lcov", "--coverage", "c.json", "--coverage", "c.html"],
      in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("rulescheck: error: --coverage out/c.lcov: cannot write the file"))
    let written = try Rulescheck.run(
      ["test", "suites", "--coverage", "c.lcov", "--coverage", "c.json", "--coverage", "c.html"],
      in: directory.url)
    #expect(written.status == 0)
    let lcov = try String(contentsOf: directory.url.appendingPathComponent("c.lcov"), encoding: .utf8)
    #expect(lcov.hasPrefix("TN:\nSF:storage.rules\n"))
    #expect(lcov.contains("\nDA:6,1\nDA:7,0\nDA:9,0\nDA:10,0\nLF:4\nLH:1\nend_of_record\n"))
    let coverage = try json(
      String(contentsOf: directory.url.appendingPathComponent("c.json"), encoding: .utf8))
    let file = try #require((coverage["files"] as? [[String: Any]])?.first)
    #expect((file["statements"] as? [Any])?.count == 4)
    let html = try String(contentsOf: directory.url.appendingPathComponent("c.html"), encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<tr class=\"granted\"><td class=\"ln\">6</td>"))
  }

  @Test func minimumCoverageFailsTheRun() throws {
    let directory = try directory()
    let below = try Rulescheck.run(["test", "suites", "--min-coverage", "80"], in: directory.url)
    #expect(below.status == 1)
    #expect(below.stdout.contains("statement coverage 25.0% (1 of 4 granted) is below --min-coverage 80.0%"))
    let above = try Rulescheck.run(["test", "suites", "--min-coverage", "25"], in: directory.url)
    #expect(above.status == 0)
    let bad = try Rulescheck.run(["test", "suites", "--min-coverage", "120"], in: directory.url)
    #expect(bad.status == 2)
  }

  @Test(arguments: [
    (["test", "missing.yaml"], "rulescheck: error: missing.yaml: no such file or directory\n"),
    (
      ["test", "bad.rules-test.yaml"],
      "rulescheck: error: bad.rules-test.yaml:4:53: unknown profile \"carol\" (profiles: alice, bob)\n"
    ),
    (
      ["test", "broken-rules.rules-test.yaml"],
      "rulescheck: error: broken-rules.rules-test.yaml:1:8: broken.rules has 1 error that stops firebase deploy; fix them before testing\n"
    ),
    (
      ["test", "empty"],
      "rulescheck: error: empty: no suite files (*.rules-test.yaml, *.rules-test.yml, *.rules-test.json) found\n"
    ),
    (
      ["test", "fail.rules-test.yaml", "--coverage", "c.txt"],
      "rulescheck: error: --coverage c.txt: the file name must end in .lcov, .info, .json or .html\n"
    ),
    (["test", "fail.rules-test.yaml", "--format", "xml"], nil),
  ])
  func badInputExitsTwo(_ arguments: [String], _ message: String?) throws {
    let directory = try directory()
    try directory.write(
      "bad.rules-test.yaml",
      "rules: storage.rules\nprofiles: {alice: {uid: a}, bob: {uid: b}}\ncases:\n  - {name: x, request: {method: get, path: p, auth: carol}, expect: allow}\n"
    )
    try directory.write("broken.rules", "service firebase.storage { match /a { allow read: if 1 === 1; } }")
    try directory.write("broken-rules.rules-test.yaml", "rules: broken.rules\ncases: []\n")
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let result = try Rulescheck.run(arguments, in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    if let message { #expect(result.stderr.hasSuffix(message)) }
    #expect(
      result.stderr.hasPrefix("rulescheck: error:") || result.stderr.contains("\nrulescheck: error:")
        || message == nil)
  }

  @Test func examplesRunAsDocumented() throws {
    let root = Fixtures.packageRoot
    let storage = try Rulescheck.run(
      ["test", "examples/storage.rules-test.yaml", "--min-coverage", "100"], in: root)
    #expect(storage.status == 0)
    #expect(storage.stdout.contains("examples/storage.rules: 10/10 statements granted (100%)"))
    let mistake = try Rulescheck.run(["test", "examples/immutable-uploads.rules-test.yaml"], in: root)
    #expect(mistake.status == 1)
    #expect(
      mistake.stdout.hasPrefix(
        "examples/immutable-uploads.rules-test.yaml:37:5: FAIL alice cannot overwrite an existing invoice: expected deny, got allow\n"
      ))
    let json = try Rulescheck.run(["test", "examples/version1.rules-test.json"], in: root)
    #expect(json.status == 0)
  }
}

/// Collects the elements and text of an XML document.
final class XMLCollector: NSObject, XMLParserDelegate {
  var elements: [(name: String, attributes: [String: String])] = []
  var text = ""

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements.append((elementName, attributes))
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
  }
}
