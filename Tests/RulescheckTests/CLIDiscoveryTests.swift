import Foundation
import RulescheckTestSupport
import Testing

/// Input discovery and colour through the built binary.
@Suite struct CLIDiscoveryTests {
  private func paths(_ result: CommandResult) throws -> [String] {
    try JSONDecoder().decode(LintDocument.self, from: Data(result.stdout.utf8)).files.map(\.path)
  }

  @Test func firebaseJSONObjectForm() throws {
    let directory = try TemporaryDirectory()
    try directory.write("firebase.json", #"{"storage": {"rules": "config/storage.rules"}}"#)
    try directory.write("config/storage.rules", Fixtures.clean)
    let result = try Rulescheck.run(["lint", "--format", "json"], in: directory.url)
    #expect(result.status == 0)
    #expect(try paths(result) == ["config/storage.rules"])
  }

  @Test func firebaseJSONArrayForm() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      "firebase.json",
      """
      {"storage": [
        {"bucket": "a", "rules": "storage.rules"},
        {"bucket": "b", "rules": "bad.rules"},
        {"bucket": "c", "rules": "storage.rules"}
      ]}
      """)
    try directory.write("storage.rules", Fixtures.clean)
    try directory.write("bad.rules", Fixtures.syntaxErrors)
    let result = try Rulescheck.run(["--format", "json"], in: directory.url)
    #expect(result.status == 1)
    #expect(try paths(result) == ["storage.rules", "bad.rules"])
  }

  @Test func storageRulesIsTheFallback() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.clean)
    let result = try Rulescheck.run([], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout == "no problems found in 1 file\n")
  }

  @Test func nothingToLintExitsTwo() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.run([], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("rulescheck: error: nothing to lint"))
  }

  @Test func directoryArgument() throws {
    let directory = try TemporaryDirectory()
    try directory.write("rules/z.rules", Fixtures.clean)
    try directory.write("rules/nested/a.rules", Fixtures.clean)
    try directory.write("rules/.cache/x.rules", Fixtures.syntaxErrors)
    try directory.write("rules/readme.md", "not rules")
    let result = try Rulescheck.run(["lint", "--format", "json", "rules"], in: directory.url)
    #expect(result.status == 0)
    #expect(try paths(result) == ["rules/nested/a.rules", "rules/z.rules"])
  }

  @Test func aFileGivenTwiceIsLintedOnce() throws {
    let directory = try TemporaryDirectory()
    try directory.write("a.rules", Fixtures.clean)
    let result = try Rulescheck.run(["lint", "a.rules", "./a.rules", "."], in: directory.url)
    #expect(result.stdout == "no problems found in 1 file\n")
  }

  @Test func noColourWhenNotATerminalOrWithNoColor() throws {
    let directory = try TemporaryDirectory()
    try directory.write("bad.rules", Fixtures.syntaxErrors)
    let piped = try Rulescheck.run(["lint", "bad.rules"], in: directory.url)
    #expect(piped.status == 1)
    #expect(!piped.stdout.contains("\u{1B}"))
    let noColor = try Rulescheck.run(
      ["lint", "bad.rules"], in: directory.url, environment: ["NO_COLOR": "1"])
    #expect(!noColor.stdout.contains("\u{1B}"))
    #expect(noColor.stdout == piped.stdout)
    let forced = try Rulescheck.run(["lint", "--color", "bad.rules"], in: directory.url)
    #expect(forced.stdout.contains("\u{1B}[1;31merror[RS009/javascript-syntax]\u{1B}[0m"))
    let disabled = try Rulescheck.run(["lint", "--color", "--no-color", "bad.rules"], in: directory.url)
    #expect(!disabled.stdout.contains("\u{1B}"))
  }

  @Test func dumpAST() throws {
    let directory = try TemporaryDirectory()
    try directory.write("good.rules", Fixtures.clean)
    try directory.write("bad.rules", Fixtures.syntaxErrors)
    let good = try Rulescheck.run(["dump-ast", "good.rules"], in: directory.url)
    #expect(good.status == 0)
    #expect(good.stdout.hasPrefix("file\n"))
    #expect(good.stderr.isEmpty)
    let ranges = try Rulescheck.run(["dump-ast", "--ranges", "good.rules"], in: directory.url)
    #expect(ranges.stdout.contains("@"))
    let bad = try Rulescheck.run(["dump-ast", "bad.rules"], in: directory.url)
    #expect(bad.status == 1)
    #expect(bad.stdout.hasPrefix("file\n"))
    #expect(bad.stderr.contains("bad.rules:5:40: error[RS009/javascript-syntax]"))
    let json = try Rulescheck.run(["dump-ast", "--format", "json", "bad.rules"], in: directory.url)
    #expect(json.status == 1)
    let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect((document?["ast"] as? [String])?.first == "file")
    let diagnostics = document?["diagnostics"] as? [[String: Any]]
    #expect(diagnostics?.first?["code"] as? String == "RS009")
    let missing = try Rulescheck.run(["dump-ast", "none.rules"], in: directory.url)
    #expect(missing.status == 2)
    #expect(missing.stderr == "rulescheck: error: none.rules: no such file or directory\n")
  }
}
