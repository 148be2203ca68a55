import Foundation
import RulescheckTestSupport
import Testing

@Suite("rulescheck simulate")
struct CLISimulateTests {
  static let rules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /files/{uid}/{file} {
          allow read: if request.auth != null && request.auth.uid == uid;
          allow create: if request.resource.size < 1024 && request.resource.contentType.matches('image/.*');
        }
      }
    }
    """

  static let versionOne = """
    service firebase.storage {
      match /b/{bucket}/o {
        match /{all=**} { allow read; }
      }
    }
    """

  func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Self.rules)
    try directory.write("v1.rules", Self.versionOne)
    try directory.write("broken.rules", "service firebase.storage { match /a { allow read: if 1 === 1; } }")
    return directory
  }

  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func allowedExitsZero() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["simulate", "storage.rules", "--method", "get", "--path", "files/alice/a.png", "--uid", "alice"],
      in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("allowed: get /b/test-bucket/o/files/alice/a.png"))
    #expect(result.stdout.contains("granted by storage.rules:5:7"))
  }

  @Test func deniedExitsOneWithTheProductionMessage() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      [
        "simulate", "storage.rules", "--method", "list", "--path", "/files//alice/", "--uid", "bob",
        "--format", "json",
      ],
      in: directory.url)
    #expect(result.status == 1)
    let document = try json(result.stdout)
    #expect(document["allowed"] as? Bool == false)
    #expect(document["method"] as? String == "list")
    #expect(document["path"] as? String == "/b/test-bucket/o/files/alice")
    #expect(document["rulesVersion"] as? Int == 2)
    let error = try #require(document["error"] as? [String: Any])
    #expect(error["status"] as? Int == 403)
    #expect(error["message"] as? String == "User does not have permission to access 'files/alice'.")
    let trace = try #require(document["trace"] as? [[String: Any]])
    #expect(trace.first?["pattern"] as? String == "/b/{bucket}/o/files/{uid}/{file}")
    let allows = try #require(trace.first?["allows"] as? [[String: Any]])
    #expect(allows.first?["result"] as? Bool == false)
  }

  @Test func versionOneListIs400() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["simulate", "v1.rules", "--method", "list", "--path", "files/alice", "--format", "json"],
      in: directory.url)
    #expect(result.status == 1)
    let error = try #require(try json(result.stdout)["error"] as? [String: Any])
    #expect(error["status"] as? Int == 400)
    #expect(
      error["message"] as? String
        == "Listing objects in a bucket is disallowed for rules_version = \"1\".\nPlease update storage security rules to rules_version = \"2\" to use list."
    )
  }

  @Test func explainShowsValues() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      [
        "simulate", "storage.rules", "--method", "create", "--path", "files/alice/a.png", "--uid", "alice",
        "--request-resource", #"{"size": 4096, "contentType": "image/png"}"#, "--explain",
      ], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout.contains("match /b/{bucket}/o/files/{uid}/{file}"))
    #expect(result.stdout.contains("uid = 'alice'"))
    #expect(result.stdout.contains("→ false"))
    #expect(result.stdout.contains("^~~~~~~~~~~~~~~~~~~~~ 4096"))
  }

  @Test func explainWindowsALongLine() throws {
    // 200 allows on one line: each is explained under a window of the line, not the whole line.
    let statement = "allow read: if request.auth.uid == 'u'; "
    let rules =
      "rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /f/{x} { "
      + String(repeating: statement, count: 200) + "} } }\n"
    let directory = try TemporaryDirectory()
    try directory.write("long.rules", rules)
    let result = try Rulescheck.run(
      ["simulate", "long.rules", "--method", "get", "--path", "f/a", "--uid", "bob", "--explain"],
      in: directory.url)
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n")
    let sources = lines.filter { $0.hasPrefix("      1 | ") }
    #expect(sources.count > 10)
    #expect(sources.allSatisfy { $0.unicodeScalars.count <= 10 + 162 && $0.contains("…") })
    let first = try #require(lines.firstIndex { $0.hasPrefix("      1 | ") })
    let caret = try #require(lines[first + 1].firstIndex(of: "^"))
    let column = lines[first + 1].distance(from: lines[first + 1].startIndex, to: caret)
    #expect(lines[first + 1].hasSuffix(" false"))
    #expect(lines[first].dropFirst(column).hasPrefix("request.auth.uid == 'u'"))
  }

  @Test func batchWritesJSONLines() throws {
    let directory = try directory()
    let lines = """
      {"method": "get", "path": "files/alice/a", "auth": {"uid": "alice"}}
      {"method": "get", "path": "files/alice/a"}

      {"method": "list", "path": "files/bob", "auth": {"uid": "bob"}, "bucket": "other"}
      """
    try directory.write("requests.jsonl", lines)
    for source in ["requests.jsonl", "-"] {
      let result = try Rulescheck.run(
        ["simulate", "storage.rules", "--requests", source, "--format", "json"], in: directory.url,
        stdin: source == "-" ? lines : nil)
      #expect(result.status == 0)
      let decisions = try result.stdout.split(separator: "\n").map { try json(String($0)) }
      #expect(decisions.map { $0["index"] as? Int } == [0, 1, 2])
      #expect(decisions.map { $0["allowed"] as? Bool } == [true, false, true])
      #expect(decisions[2]["path"] as? String == "/b/other/o/files/bob")
    }
  }

  static let patchRules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o/files/{file} {
        allow update: if request.resource.contentEncoding == 'identity' && request.resource.contentType == null
          && !('a' in request.resource.metadata) && request.resource.metadata == {'b': '2', 'c': '3'}
          && request.resource.contentLanguage == 'de';
      }
    }
    """

  /// `--resource` is the stored object and `--request-resource` the patch: null clears.
  @Test func updateAppliesThePatchToTheStoredObject() throws {
    let directory = try directory()
    try directory.write("patch.rules", Self.patchRules)
    let stored =
      #"{"contentType": "image/png", "contentEncoding": "gzip", "contentLanguage": "de", "metadata": {"a": "1", "b": "2"}}"#
    let patch = #"{"contentType": null, "contentEncoding": null, "metadata": {"a": null, "c": "3"}}"#
    let base = ["simulate", "patch.rules", "--method", "update", "--path", "files/x", "--resource", stored]
    let allowed = try Rulescheck.run(base + ["--request-resource", patch, "--explain"], in: directory.url)
    #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
    #expect(allowed.stdout.contains("'identity'"))
    #expect(allowed.stdout.contains("{'b': '2', 'c': '3'}"))
    let partial = try Rulescheck.run(
      base + ["--request-resource", #"{"contentType": null}"#], in: directory.url)
    #expect(partial.status == 1)
    let line =
      #"{"method": "update", "path": "files/x", "resource": \#(stored), "requestResource": \#(patch)}"#
    let batch = try Rulescheck.run(
      ["simulate", "patch.rules", "--requests", "-", "--format", "text"], in: directory.url,
      stdin: line + "\n" + line.replacingOccurrences(of: #""a": null, "#, with: "") + "\n")
    #expect(batch.status == 0)
    #expect(
      batch.stdout == "0 allowed update /b/test-bucket/o/files/x\n1 denied update /b/test-bucket/o/files/x\n")
  }

  @Test(
    "bad input exits 2 with one line on stderr",
    arguments: [
      (["simulate", "storage.rules", "--method", "fetch", "--path", "a"], "fetch"),
      (["simulate", "storage.rules", "--path", "a"], "--method"),
      (["simulate", "storage.rules", "--method", "get", "--path", "a", "--auth", "{uid: 1}"], "--auth"),
      (
        ["simulate", "storage.rules", "--method", "get", "--path", "a", "--resource", #"{"size": "big"}"#],
        "size"
      ),
      (["simulate", "storage.rules", "--method", "get", "--path", "a", "--time", "yesterday"], "--time"),
      (
        [
          "simulate", "storage.rules", "--method", "update", "--path", "a", "--request-resource",
          #"{"size": 5}"#,
        ],
        "--request-resource: \"requestResource.size\" cannot be changed by a metadata update"
      ),
      (
        [
          "simulate", "storage.rules", "--method", "update", "--path", "a", "--request-resource",
          #"{"metadata": {"k": 1}}"#,
        ],
        "--request-resource: \"requestResource.metadata.k\" must be a string, or null to remove the key"
      ),
      (
        [
          "simulate", "storage.rules", "--method", "update", "--path", "a", "--request-resource",
          #"{"a": nul}"#,
        ],
        "--request-resource: malformed JSON at column 7"
      ),
      (["simulate", "missing.rules", "--method", "get", "--path", "a"], "missing.rules"),
      (["simulate", "broken.rules", "--method", "get", "--path", "a"], "1 error that stops firebase deploy"),
      (["simulate", "storage.rules", "--requests", "bad.jsonl"], "bad.jsonl:2:"),
    ])
  func badInput(arguments: [String], mention: String) throws {
    let directory = try directory()
    try directory.write(
      "bad.jsonl", "{\"method\": \"get\", \"path\": \"a\"}\n{\"method\": \"get\", \"path\": \n")
    let result = try Rulescheck.run(arguments, in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let lastLine = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
    #expect(lastLine.hasPrefix("rulescheck: error: "))
    #expect(result.stderr.contains(mention))
  }
}
