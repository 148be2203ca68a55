import Foundation
import RulesReport
import RulescheckTestSupport
import Testing

/// Messages for common mistakes: firebase.json without storage or malformed, misspelt
/// subcommands; and flags every command accepts (`--color`, `--version`).
@Suite struct CLIMessagesTests {
  @Test func firebaseJSONWithoutStorageSaysSo() throws {
    let directory = try TemporaryDirectory()
    try directory.write("firebase.json", #"{"hosting": {"public": "dist"}}"#)
    let result = try Rulescheck.run([], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(#"rulescheck: error: firebase.json: no "storage" key naming rules files"#))
    #expect(!result.stderr.contains("no firebase.json"))
  }

  @Test(arguments: [
    (
      "{\n  \"storage\": {\"rules\": \"a.rules\"\n  \"hosting\": {}\n}\n",
      "firebase.json:3:3: malformed JSON: expected ',' or '}'"
    ),
    (
      "{\n  // a comment\n  storage: {}\n}\n",
      "firebase.json:3:3: malformed JSON: expected a member name in double quotes"
    ),
    ("{\n  \"storage\": [1, 2\n", "firebase.json:3:1: malformed JSON: unexpected end of input in an array"),
    ("{\"a\": 1}\n/* never closed", "firebase.json:2:1: malformed JSON: unterminated /* comment"),
  ])
  func malformedFirebaseJSONHasAPosition(contents: String, message: String) throws {
    let directory = try TemporaryDirectory()
    try directory.write("firebase.json", contents)
    let result = try Rulescheck.run(["lint"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr == "rulescheck: error: \(message)\n")
  }

  @Test(arguments: [
    (["simulat", "x.rules"], "simulat", "simulate"),
    (["lnt"], "lnt", "lint"),
    (["tset"], "tset", "test"),
    (["explian", "RC301"], "explian", "explain"),
    (["dump"], "dump", "dump-ast"),
  ])
  func misspeltSubcommandSuggestsOne(arguments: [String], typed: String, command: String) throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.run(arguments, in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "rulescheck: error: no such file or command '\(typed)'; did you mean 'rulescheck \(command)'?\n")
  }

  /// A real file with a command-like name is linted, and so is a rules file named first.
  @Test func filesNamedLikeCommandsAreLinted() throws {
    let directory = try TemporaryDirectory()
    try directory.write("lnt", Fixtures.clean)
    try directory.write("storage.rules", Fixtures.clean)
    for arguments in [["lnt"], ["storage.rules"], ["storage.rules", "lnt"]] {
      let result = try Rulescheck.run(arguments, in: directory.url)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout.hasPrefix("no problems found"))
    }
    let unrelated = try Rulescheck.run(["zebra"], in: directory.url)
    #expect(unrelated.stderr == "rulescheck: error: zebra: no such file or directory\n")
  }

  @Test(arguments: [
    ["lint", "storage.rules"], ["simulate", "storage.rules", "--method", "get", "--path", "a"],
    ["list", "storage.rules", "--objects", "objects.txt"], ["test", "suite.rules-test.yaml"], ["rules"],
    ["explain", "RC301"], ["dump-ast", "storage.rules"],
  ])
  func everyCommandAcceptsColorFlags(arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.warningOnly)
    try directory.write("objects.txt", "a\n")
    try directory.write(
      "suite.rules-test.yaml",
      "rules: storage.rules\ncases:\n  - name: x\n    request: {method: get, path: public/a}\n    expect: allow\n"
    )
    let colored = try Rulescheck.run(arguments + ["--color"], in: directory.url)
    let plain = try Rulescheck.run(arguments + ["--no-color"], in: directory.url)
    #expect(colored.status != 2, "\(colored.stderr)")
    #expect(plain.status == colored.status)
    #expect(!plain.stdout.contains("\u{1B}") && !plain.stderr.contains("\u{1B}"))
    // `rules` has no colour, and this dump-ast run no syntax errors to colour.
    if !["rules", "dump-ast"].contains(arguments[0]) {
      #expect(colored.stdout.contains("\u{1B}[") || colored.stderr.contains("\u{1B}["))
    }
  }

  @Test func forceColorColoursAPipe() throws {
    let directory = try TemporaryDirectory()
    try directory.write("bad.rules", Fixtures.syntaxErrors)
    let forced = try Rulescheck.run(
      ["lint", "bad.rules"], in: directory.url, environment: ["FORCE_COLOR": "1"])
    #expect(forced.stdout.contains("\u{1B}[1;31merror[RS009/javascript-syntax]\u{1B}[0m"))
    let both = try Rulescheck.run(
      ["lint", "bad.rules"], in: directory.url, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"])
    #expect(!both.stdout.contains("\u{1B}"))
  }
}
