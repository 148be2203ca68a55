import Foundation
import RulescheckTestSupport
import Testing

/// Runs the built `rulescheck` binary and checks stdout, stderr and the exit status.
@Suite struct CLILintTests {
  private func decode(_ output: String) throws -> LintDocument {
    try JSONDecoder().decode(LintDocument.self, from: Data(output.utf8))
  }

  /// Exit 2 prints exactly one `rulescheck: error:` line on stderr and nothing on stdout.
  private func expectUsageFailure(
    _ result: CommandResult, mentioning fragments: [String] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 2, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("rulescheck: error: "), sourceLocation: sourceLocation)
    #expect(result.stderr.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
    #expect(result.stderr.hasSuffix("\n"), sourceLocation: sourceLocation)
    for fragment in fragments {
      #expect(result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
    }
  }

  @Test func cleanFileExitsZero() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.clean)
    let result = try Rulescheck.run(["lint", "storage.rules"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout == "no problems found in 1 file\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func lintIsTheDefaultSubcommand() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.clean)
    let result = try Rulescheck.run(["storage.rules", "--format", "json"], in: directory.url)
    #expect(result.status == 0)
    #expect(try decode(result.stdout).files.map(\.path) == ["storage.rules"])
  }

  @Test func syntaxErrorsExitOne() throws {
    let directory = try TemporaryDirectory()
    try directory.write("bad.rules", Fixtures.syntaxErrors)
    let result = try Rulescheck.run(["lint", "bad.rules"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty)
    let expected = [
      "bad.rules:5:40: error[RS009/javascript-syntax]: '===' is JavaScript, not rules syntax; use '=='",
      "      allow write: if request.auth.uid === name;",
      String(repeating: " ", count: 39) + "^~~",
    ]
    #expect(result.stdout.hasPrefix(expected.joined(separator: "\n") + "\n"))
    #expect(result.stdout.contains("\nbad.rules:7:"))
    let summary = try #require(result.stdout.split(separator: "\n").last)
    #expect(summary.hasPrefix("2 errors") || summary.contains("errors"))
    #expect(summary.hasSuffix(" in 1 file; 2 stop firebase deploy"))
  }

  @Test func strictFailsOnWarnings() throws {
    let directory = try TemporaryDirectory()
    try directory.write("v1.rules", Fixtures.warningOnly)
    let json = try Rulescheck.run(["lint", "--format", "json", "v1.rules"], in: directory.url)
    let summary = try decode(json.stdout).summary
    #expect(summary.errors == 0)
    #expect(summary.warnings > 0, "the fixture should produce a warning")
    #expect(json.status == 0)
    let strict = try Rulescheck.run(["lint", "--strict", "v1.rules"], in: directory.url)
    #expect(strict.status == 1)
    #expect(strict.stdout.contains("warning["))
  }

  @Test func jsonShape() throws {
    let directory = try TemporaryDirectory()
    try directory.write("rules/bad.rules", Fixtures.syntaxErrors)
    try directory.write("rules/good.rules", Fixtures.clean)
    let result = try Rulescheck.run(["lint", "--format", "json", "rules"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty)
    #expect(!result.stdout.contains("\u{1B}"))
    let document = try decode(result.stdout)
    #expect(document.version == 1)
    #expect(document.files.map(\.path) == ["rules/bad.rules", "rules/good.rules"])
    #expect(document.files.map(\.rulesVersion) == [2, 2])
    let javaScript = try #require(document.files[0].diagnostics.first { $0.code == "RS009" })
    #expect(javaScript.name == "javascript-syntax")
    #expect(javaScript.severity == "error")
    #expect(javaScript.range.start == LintDocument.Location(line: 5, column: 40, offset: 137))
    #expect(javaScript.range.end == LintDocument.Location(line: 5, column: 43, offset: 140))
    #expect(document.files[1].diagnostics.isEmpty)
    #expect(document.summary.files == 2)
    #expect(document.summary.errors == document.files[0].diagnostics.filter { $0.severity == "error" }.count)
  }

  @Test func missingFileExitsTwo() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.run(["lint", "missing.rules"], in: directory.url)
    expectUsageFailure(result, mentioning: ["missing.rules", "no such file"])
  }

  @Test func nonUTF8FileExitsTwo() throws {
    let directory = try TemporaryDirectory()
    try directory.write("latin1.rules", bytes: Array("// ok\n// caf".utf8) + [0xE9, 0x0A])
    let result = try Rulescheck.run(["lint", "--format", "json", "latin1.rules"], in: directory.url)
    expectUsageFailure(result, mentioning: ["latin1.rules:2:7:", "UTF-8", "0xE9", "offset 12"])
  }

  @Test(arguments: [
    ["lint", "--bogus"], ["lint", "--format", "xml"], ["dump-ast"], ["frobnicate", "--strict", "--x"],
  ])
  func badFlagsExitTwo(arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.clean)
    expectUsageFailure(try Rulescheck.run(arguments, in: directory.url))
  }

  @Test func helpExitsZero() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.run(["lint", "--help"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.contains("--strict"))
  }
}
