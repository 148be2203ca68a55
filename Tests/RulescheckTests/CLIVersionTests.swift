import Foundation
import RulesReport
import RulescheckTestSupport
import Testing

/// `ToolVersion.current` in `--version`, every JSON document, SARIF and JUnit.
@Suite struct CLIVersionTests {
  func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.warningOnly)
    try directory.write("objects.txt", "a\n")
    try directory.write("requests.jsonl", #"{"method": "get", "path": "public/a"}"# + "\n")
    try directory.write(
      "suite.rules-test.yaml",
      "rules: storage.rules\ncases:\n  - name: x\n    request: {method: get, path: public/a}\n    expect: allow\n"
    )
    return directory
  }

  @Test(arguments: [["--version"], ["lint", "--version"], ["simulate", "--version"]])
  func versionFlag(arguments: [String]) throws {
    let directory = try directory()
    let result = try Rulescheck.run(arguments, in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout == ToolVersion.current + "\n")
  }

  @Test(arguments: [
    ["lint", "--format", "json", "storage.rules"],
    ["simulate", "storage.rules", "--method", "get", "--path", "public/a", "--format", "json"],
    ["simulate", "storage.rules", "--requests", "requests.jsonl"],
    ["list", "storage.rules", "--objects", "objects.txt", "--format", "json"],
    ["test", "suite.rules-test.yaml", "--format", "json"],
    ["rules", "--format", "json"],
    ["explain", "RC301", "--format", "json"],
    ["dump-ast", "storage.rules", "--format", "json"],
  ])
  func everyJSONDocumentNamesTheTool(arguments: [String]) throws {
    let directory = try directory()
    let result = try Rulescheck.run(arguments, in: directory.url)
    #expect(result.status != 2, "\(result.stderr)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let tool = try #require(document["tool"] as? [String: Any])
    #expect(tool["name"] as? String == "rulescheck")
    #expect(tool["version"] as? String == ToolVersion.current)
  }

  @Test func coverageJSONNamesTheTool() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["test", "suite.rules-test.yaml", "--coverage", "c.json"], in: directory.url)
    #expect(result.status == 0)
    let data = try Data(contentsOf: directory.url.appendingPathComponent("c.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect((document["tool"] as? [String: Any])?["version"] as? String == ToolVersion.current)
  }

  @Test func sarifDriverVersion() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["lint", "--format", "sarif", "storage.rules"], in: directory.url)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let runs = try #require(document["runs"] as? [[String: Any]])
    let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["version"] as? String == ToolVersion.current)
    #expect(driver["semanticVersion"] as? String == ToolVersion.current)
  }

  @Test func junitProperty() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["test", "suite.rules-test.yaml", "--format", "junit"], in: directory.url)
    #expect(result.status == 0)
    #expect(
      result.stdout.contains("<property name=\"rulescheck.version\" value=\"\(ToolVersion.current)\"/>"))
  }
}
