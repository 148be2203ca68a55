import Foundation
import RulescheckTestSupport
import Testing

/// Every file argument read from standard input (`-`), a real pipe (`/dev/stdin`), process
/// substitution (`<(cat x)`) and a FIFO.
@Suite struct CLIStandardInputTests {
  static let version1 = """
    service firebase.storage {
      match /b/{bucket}/o {
        match /a { allow read: if request.auth != null; }
      }
    }

    """

  static let suite = """
    rules: storage.rules
    cases:
      - name: signed in
        request: {method: get, path: a, auth: {uid: alice}}
        expect: allow

    """

  static let listing = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /{all=**} { allow list: if request.auth != null; }
      }
    }

    """

  func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Self.version1)
    try directory.write("clean.rules", Fixtures.clean)
    try directory.write("suite.rules-test.yaml", Self.suite)
    try directory.write("requests.jsonl", #"{"method": "get", "path": "a", "auth": {"uid": "u"}}"# + "\n")
    try directory.write("objects.txt", "a\nb/c\n")
    try directory.write("list.rules", Self.listing)
    return directory
  }

  @Test(arguments: [["lint", "-"], ["-"], ["lint", "/dev/stdin"]])
  func lintReadsAPipe(arguments: [String]) throws {
    let directory = try directory()
    let result = try Rulescheck.runPiped(arguments, in: directory.url, input: Self.version1)
    #expect(result.status == 0, "\(result.stderr)")
    let name = arguments.last == "/dev/stdin" ? "/dev/stdin" : "<stdin>"
    #expect(result.stdout.hasPrefix("\(name):1:1: warning[RC300/missing-rules-version]"))
  }

  /// `--stdin-filename` names the text in findings and finds its `.rulescheck.yml` (here one
  /// that turns RC300 off) and `exclude` patterns.
  @Test func stdinFilenameNamesTheTextAndFindsItsConfiguration() throws {
    let directory = try directory()
    try directory.write("sub/.rulescheck.yml", "rules:\n  RC300: off\nexclude:\n  - skipped.rules\n")
    let named = try Rulescheck.runPiped(
      ["lint", "--stdin-filename", "sub/x.rules", "--format", "json"], in: directory.url,
      input: Self.version1)
    #expect(named.status == 0)
    #expect(named.stdout.contains(#""path": "sub/x.rules""#))
    #expect(named.stdout.contains("RS109"))
    #expect(!named.stdout.contains("RC300"))
    let excluded = try Rulescheck.runPiped(
      ["lint", "-", "--stdin-filename", "sub/skipped.rules"], in: directory.url, input: Self.version1)
    #expect(excluded.stdout == "no problems found in 0 files\n")
    let misplaced = try Rulescheck.runPiped(
      ["lint", "clean.rules", "--stdin-filename", "x.rules"], in: directory.url, input: "")
    #expect(misplaced.status == 2)
    #expect(misplaced.stderr.contains("--stdin-filename"))
  }

  /// `lint --fix -` prints the fixed text on standard output and the report on standard error.
  /// (RC300's fix, adding `rules_version`, is unsafe: it needs `--unsafe-fixes`.)
  @Test func fixOnStandardInputPrintsTheFixedText() throws {
    let directory = try directory()
    let result = try Rulescheck.runPiped(
      ["lint", "--fix", "--unsafe-fixes", "-"], in: directory.url, input: Self.version1)
    #expect(result.status == 0)
    #expect(result.stdout == "rules_version = '2';\n" + Self.version1)
    #expect(result.stderr == "no problems found in 1 file\n")
    #expect(
      try String(contentsOf: directory.url.appendingPathComponent("storage.rules"), encoding: .utf8)
        == Self.version1)
  }

  @Test func fixRefusesToWriteBackToAPipe() throws {
    let directory = try directory()
    let result = try Rulescheck.runShell(
      "rulescheck lint --fix --unsafe-fixes <(cat storage.rules)", in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot write fixes back to a pipe or device; lint --fix - reads"))
  }

  @Test(arguments: [
    ("rulescheck lint <(cat storage.rules)", 0, "RC300"),
    ("rulescheck dump-ast <(cat storage.rules)", 0, "service firebase.storage"),
    ("rulescheck lint --config <(printf 'strict: true\\n') storage.rules", 1, "RC300"),
    ("rulescheck simulate <(cat storage.rules) --method get --path a --uid u", 0, "allowed"),
    ("rulescheck simulate storage.rules --requests <(cat requests.jsonl)", 0, #""allowed":true"#),
    (
      "rulescheck simulate storage.rules --method get --path a --uid u --firestore <(echo '{}')", 0,
      "allowed"
    ),
    ("rulescheck list <(cat list.rules) --objects <(cat objects.txt) --uid u", 0, "b/"),
    ("rulescheck test <(cat suite.rules-test.yaml)", 0, "1 passed"),
  ])
  func processSubstitution(script: String, status: Int32, mention: String) throws {
    let directory = try directory()
    let result = try Rulescheck.runShell(script, in: directory.url)
    #expect(result.status == status, "\(result.stderr)")
    #expect(result.stdout.contains(mention))
  }

  @Test(arguments: [
    (["simulate", "-", "--method", "get", "--path", "a", "--uid", "u"], "version1", "allowed"),
    (["simulate", "storage.rules", "--requests", "-"], "requests", #""index":0"#),
    (["simulate", "storage.rules", "--requests", "/dev/stdin"], "requests", #""index":0"#),
    (["list", "-", "--objects", "objects.txt", "--uid", "u"], "listing", "b/"),
    (["list", "list.rules", "--objects", "-", "--uid", "u"], "objects", "b/"),
    (["test", "-"], "suite", "1 passed"),
    (["test", "/dev/stdin"], "suite", "1 passed"),
    (["dump-ast", "-"], "version1", "service firebase.storage"),
  ])
  func standardInputWhereItMakesSense(arguments: [String], input: String, mention: String) throws {
    let directory = try directory()
    let text = [
      "version1": Self.version1, "requests": #"{"method": "get", "path": "a", "auth": {"uid": "u"}}"#,
      "objects": "a\nb/c\n", "suite": Self.suite, "listing": Self.listing,
    ]
    let result = try Rulescheck.runPiped(arguments, in: directory.url, input: text[input] ?? "")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(mention))
  }

  @Test(arguments: [
    ["simulate", "-", "--requests", "-"],
    ["list", "-", "--objects", "-"],
    ["simulate", "storage.rules", "--requests", "-", "--firestore", "-"],
  ])
  func standardInputIsReadOnce(arguments: [String]) throws {
    let directory = try directory()
    let result = try Rulescheck.runPiped(arguments, in: directory.url, input: "")
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("rulescheck: error: standard input can be read only once"))
  }

  @Test func configFromStandardInputIsRefused() throws {
    let directory = try directory()
    let result = try Rulescheck.runPiped(
      ["lint", "--config", "-", "storage.rules"], in: directory.url, input: "")
    #expect(result.status == 2)
    #expect(result.stderr.contains("--config -: the configuration cannot come from standard input"))
  }

  @Test func namedPipes() throws {
    let directory = try directory()
    try NamedPipe.feed(directory.url.appendingPathComponent("fifo.rules"), Self.version1)
    let lint = try Rulescheck.run(["lint", "fifo.rules"], in: directory.url)
    #expect(lint.status == 0)
    #expect(lint.stdout.hasPrefix("fifo.rules:1:1: warning[RC300"))
    try NamedPipe.feed(directory.url.appendingPathComponent("fifo.yaml"), Self.suite)
    let test = try Rulescheck.run(["test", "fifo.yaml"], in: directory.url)
    #expect(test.status == 0, "\(test.stderr)")
    try NamedPipe.feed(directory.url.appendingPathComponent("fifo.jsonl"), #"{"method": "get", "path": "a"}"#)
    let batch = try Rulescheck.run(
      ["simulate", "storage.rules", "--requests", "fifo.jsonl", "--format", "text"], in: directory.url)
    #expect(batch.stdout == "0 denied get /b/test-bucket/o/a\n")
  }

  /// A FIFO found while scanning a directory is skipped: reading it could block the run.
  @Test func directoryScansSkipNamedPipes() throws {
    let directory = try directory()
    let fifo = directory.url.appendingPathComponent("rules/blocked.rules")
    try directory.write("rules/ok.rules", Fixtures.clean)
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let result = try Rulescheck.run(["lint", "rules"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout == "no problems found in 1 file\n")
    try directory.write(
      "suites/a.rules-test.yaml", Self.suite.replacingOccurrences(of: "storage", with: "../storage"))
    #expect(mkfifo(directory.url.appendingPathComponent("suites/b.rules-test.yaml").path, 0o600) == 0)
    let suites = try Rulescheck.run(["test", "suites"], in: directory.url)
    #expect(suites.status == 0, "\(suites.stderr)")
    #expect(suites.stdout.hasPrefix("1 case in 1 suite"))
  }
}
