import Foundation
import RulesReport
import RulescheckTestSupport
import Testing

/// `simulate --requests`: JSON lines by default, flags as defaults of the lines.
@Suite struct CLIBatchTests {
  static let rules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /files/{uid}/{file} {
          allow get: if request.auth != null && request.auth.uid == uid
            && request.time < timestamp.date(2030, 1, 1);
        }
      }
    }

    """

  func run(_ lines: [String], _ flags: [String] = []) throws -> (CommandResult, [[String: Any]]) {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Self.rules)
    try directory.write("requests.jsonl", lines.joined(separator: "\n") + "\n")
    let result = try Rulescheck.run(
      ["simulate", "storage.rules", "--requests", "requests.jsonl"] + flags, in: directory.url)
    if flags.contains("text") { return (result, []) }
    let decisions = try result.stdout.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    return (result, decisions)
  }

  @Test func jsonLinesByDefault() throws {
    let (result, decisions) = try run([
      #"{"method": "get", "path": "files/alice/a", "auth": {"uid": "alice"}}"#,
      #"{"method": "get", "path": "files/alice/a"}"#,
    ])
    #expect(result.status == 0)
    #expect(decisions.map { $0["index"] as? Int } == [0, 1])
    #expect(decisions.map { $0["allowed"] as? Bool } == [true, false])
    let tool = try #require(decisions.first?["tool"] as? [String: Any])
    #expect(tool["name"] as? String == "rulescheck")
    #expect(tool["version"] as? String == ToolVersion.current)
  }

  /// Bytes that are not UTF-8 anywhere in the batch fail it before any malformed line, with
  /// nothing on standard output.
  @Test func aBatchThatIsNotUTF8IsRefused() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Self.rules)
    let line = Array(#"{"method": "get", "path": "files/alice/a"}"#.utf8)
    var lines = Array(repeating: line, count: 30_000)
    lines[2] = Array("{".utf8)
    lines[29_000] = line.dropLast(3) + [0xE9] + Array(#""}"#.utf8)
    try directory.write("requests.jsonl", bytes: Array(lines.joined(separator: [0x0A])))
    let result = try Rulescheck.run(
      ["simulate", "storage.rules", "--requests", "requests.jsonl"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr == "rulescheck: error: requests.jsonl: not valid UTF-8\n")
  }

  @Test func textOnRequest() throws {
    let (result, _) = try run([#"{"method": "get", "path": "files/alice/a"}"#], ["--format", "text"])
    #expect(result.stdout == "0 denied get /b/test-bucket/o/files/alice/a\n")
  }

  /// `--uid`/`--auth`, `--bucket` and `--time` fill in lines without the field; a line's own
  /// field wins, and its `"auth": null` means signed out.
  @Test func flagsAreDefaultsAndALinesFieldWins() throws {
    let lines = [
      #"{"method": "get", "path": "files/alice/a"}"#,
      #"{"method": "get", "path": "files/alice/a", "auth": null}"#,
      #"{"method": "get", "path": "files/bob/a", "auth": {"uid": "bob"}, "bucket": "own"}"#,
      #"{"method": "get", "path": "files/alice/a", "time": "2031-01-01T00:00:00Z"}"#,
    ]
    let flags = ["--uid", "alice", "--bucket", "shared", "--time", "2025-01-01T00:00:00Z"]
    let (result, decisions) = try run(lines, flags)
    #expect(result.status == 0)
    #expect(decisions.map { $0["allowed"] as? Bool } == [true, false, true, false])
    #expect(
      decisions.map { $0["path"] as? String } == [
        "/b/shared/o/files/alice/a", "/b/shared/o/files/alice/a", "/b/own/o/files/bob/a",
        "/b/shared/o/files/alice/a",
      ])
    let (auth, authDecisions) = try run(
      [lines[0]], ["--auth", #"{"uid": "alice"}"#, "--time", "2025-01-01T00:00:00Z"])
    #expect(auth.status == 0)
    #expect(authDecisions.first?["allowed"] as? Bool == true)
    let (late, lateDecisions) = try run([lines[0]], ["--uid", "alice", "--time", "2031-01-01T00:00:00Z"])
    #expect(late.status == 0)
    #expect(lateDecisions.first?["allowed"] as? Bool == false)
  }

  @Test(arguments: [
    (
      ["--method", "get"],
      "--method describes one request; with --requests each line gives its own \"method\""
    ),
    (["--path", "a"], "\"path\""),
    (["--resource", "{}"], "--resource describes one request"),
    (["--request-resource", "{}"], "\"requestResource\""),
  ])
  func perRequestFlagsAreUsageErrors(flags: [String], mention: String) throws {
    let (result, _) = try run([#"{"method": "get", "path": "a"}"#], flags)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.hasPrefix("rulescheck: error: "))
    #expect(result.stderr.contains(mention))
  }
}
