import Foundation
import RulescheckTestSupport
import Testing

/// Colour on a real (pseudo-)terminal, where the default decision is made.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: Rulescheck.scriptCommand.path)))
struct CLITerminalTests {
  private let errorHeader = "\u{1B}[1;31merror[RS009/javascript-syntax]\u{1B}[0m"

  @Test func colourOnATerminal() throws {
    let directory = try TemporaryDirectory()
    try directory.write("bad.rules", Fixtures.syntaxErrors)
    let result = try Rulescheck.runInTerminal(
      ["lint", "bad.rules"], in: directory.url, environment: ["TERM": "xterm"])
    #expect(result.status == 1)
    #expect(result.stdout.contains(errorHeader))
  }

  @Test(arguments: [
    (["lint", "bad.rules"], ["TERM": "xterm", "NO_COLOR": "1"]),
    (["lint", "--no-color", "bad.rules"], ["TERM": "xterm"]),
    (["lint", "bad.rules"], ["TERM": "dumb"]),
    (["lint", "--format", "json", "bad.rules"], ["TERM": "xterm"]),
  ])
  func noColourOnATerminal(arguments: [String], environment: [String: String]) throws {
    let directory = try TemporaryDirectory()
    try directory.write("bad.rules", Fixtures.syntaxErrors)
    let result = try Rulescheck.runInTerminal(arguments, in: directory.url, environment: environment)
    #expect(result.status == 1)
    #expect(result.stdout.contains("RS009"))
    #expect(!result.stdout.contains("\u{1B}"))
  }

  @Test func emptyNoColorDoesNotDisableColour() throws {
    let directory = try TemporaryDirectory()
    try directory.write("bad.rules", Fixtures.syntaxErrors)
    let result = try Rulescheck.runInTerminal(
      ["lint", "bad.rules"], in: directory.url, environment: ["TERM": "xterm", "NO_COLOR": ""])
    #expect(result.stdout.contains(errorHeader))
  }
}
