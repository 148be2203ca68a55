import Foundation
import RulesReport
import RulescheckTestSupport
import Testing

@Suite("rulescheck list")
struct CLIListTests {
  static let rules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /{entry} { allow list: if request.auth != null; }
        match /public/{allPaths=**} { allow read; }
        match /users/{userId}/{allPaths=**} { allow read: if request.auth != null && request.auth.uid == userId; }
      }
    }
    """

  static let listing = """
    public/a.md
    public/b.md
    public/c/
    public/c/d.md
    public/e.md
    users/alice/x.txt
    users/alice//bad.txt
    users/alice/dir/y.txt
    users/bob/z.txt
    lonelyItem/
    """

  func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Self.rules)
    try directory.write("objects.txt", Self.listing)
    try directory.write(
      "v1.rules", "service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read; } } }")
    try directory.write("broken.rules", "service firebase.storage { match /a { allow read: if 1 === 1; } }")
    return directory
  }

  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  func list(
    _ arguments: [String], in directory: TemporaryDirectory, stdin: String? = nil
  ) throws -> CommandResult {
    try Rulescheck.run(
      ["list", "storage.rules", "--objects", "objects.txt"] + arguments, in: directory.url, stdin: stdin)
  }

  @Test func rootListsFoldersFirstAndExitsZero() throws {
    let result = try list(["--uid", "alice"], in: try directory())
    #expect(result.status == 0)
    #expect(
      result.stdout == "listed gs://test-bucket/: 3 folders, 0 objects\n  lonelyItem/\n  public/\n  users/\n")
  }

  @Test func folderTextIsRelativeAndSkipsInvalidNames() throws {
    let result = try list(["--prefix", "/users//alice/", "--uid", "alice"], in: try directory())
    #expect(result.status == 0)
    #expect(result.stdout == "listed gs://test-bucket/users/alice/: 1 folder, 1 object\n  dir/\n  x.txt\n")
  }

  @Test func jsonShapeIsTheContract() throws {
    let result = try list(
      ["--prefix", "users/alice", "--uid", "alice", "--format", "json"], in: try directory())
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        {
          "allowed": true,
          "prefix": "users/alice",
          "prefixes": ["users/alice/dir"],
          "items": ["users/alice/x.txt"],
          "nextPageToken": null,
          "error": null,
          "warnings": [],
          "tool": {"name": "rulescheck", "version": "\(ToolVersion.current)"}
        }

        """)
  }

  @Test func paginatedChainMatchesAll() throws {
    let directory = try directory()
    var token: String?
    var entries: [String] = []
    var pages = 0
    repeat {
      let result = try list(
        ["--prefix", "public", "--max-results", "2", "--format", "json"]
          + (token.map { ["--page-token", $0] } ?? []),
        in: directory)
      #expect(result.status == 0)
      let document = try json(result.stdout)
      entries += (document["prefixes"] as? [String] ?? []) + (document["items"] as? [String] ?? [])
      token = document["nextPageToken"] as? String
      pages += 1
    } while token != nil && pages < 10
    #expect(pages == 2)
    let all = try json(try list(["--prefix", "public", "--all", "--format", "json"], in: directory).stdout)
    let expected = (all["prefixes"] as? [String] ?? []) + (all["items"] as? [String] ?? [])
    #expect(Set(entries) == Set(expected))
    #expect(entries.count == 4)
    #expect(all["nextPageToken"] is NSNull)
  }

  @Test func textPageEndsWithTheCommandThatContinues() throws {
    let directory = try directory()
    let first = try list(["--prefix", "public", "--max-results", "3"], in: directory)
    let lines = first.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "listed gs://test-bucket/public/: 1 folder, 2 objects")
    #expect(Array(lines[1...3]) == ["  c/", "  a.md", "  b.md"])
    #expect(lines[4] == "more entries remain; next page token: cHVibGljL2Mv")
    #expect(lines[5] == "continue with:")
    let command = lines[6].trimmingCharacters(in: .whitespaces)
    #expect(
      command
        == "rulescheck list storage.rules --objects objects.txt --prefix public --max-results 3 --page-token cHVibGljL2Mv"
    )
    let next = try Rulescheck.run(
      Array(command.split(separator: " ").map(String.init).dropFirst()), in: directory.url)
    #expect(next.status == 0)
    #expect(next.stdout == "listed gs://test-bucket/public/: 0 folders, 1 object\n  e.md\n")
  }

  @Test func deniedListExitsOne() throws {
    let result = try list(
      ["--prefix", "users/bob", "--uid", "alice", "--format", "json"], in: try directory())
    #expect(result.status == 1)
    let document = try json(result.stdout)
    #expect(document["allowed"] as? Bool == false)
    #expect((document["prefixes"] as? [Any])?.isEmpty == true)
    #expect((document["items"] as? [Any])?.isEmpty == true)
    let error = try #require(document["error"] as? [String: Any])
    #expect(error["status"] as? Int == 403)
    #expect(error["message"] as? String == "User does not have permission to access 'users/bob'.")
    let text = try list(["--prefix", "users/bob"], in: try directory())
    #expect(text.status == 1)
    #expect(text.stdout.hasPrefix("denied (403): list /b/test-bucket/o/users/bob\n"))
  }

  @Test func versionOneListIsRefused() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["list", "v1.rules", "--objects", "objects.txt", "--format", "json"], in: directory.url)
    #expect(result.status == 1)
    let error = try #require(try json(result.stdout)["error"] as? [String: Any])
    #expect(error["status"] as? Int == 400)
    #expect(
      error["message"] as? String
        == "Listing objects in a bucket is disallowed for rules_version = \"1\".\nPlease update storage security rules to rules_version = \"2\" to use list."
    )
  }

  @Test func maxResultsOutOfRangeExitsTwo() throws {
    let directory = try directory()
    let zero = try list(["--max-results", "0"], in: directory)
    #expect(zero.status == 2)
    #expect(zero.stdout.isEmpty)
    #expect(zero.stderr == "rulescheck: error: Argument 'maxResults' must be between 1 and 1000 inclusive.\n")
    let large = try list(["--max-results", "1001", "--format", "json"], in: directory)
    #expect(large.status == 2)
    let document = try json(large.stdout)
    #expect(document["allowed"] as? Bool == false)
    #expect((document["error"] as? [String: Any])?["status"] as? Int == 400)
  }

  @Test func invalidPageTokenExitsTwo() throws {
    let result = try list(["--prefix", "public", "--page-token", "dXNlcnMvYm9iLw=="], in: try directory())
    #expect(result.status == 2)
    #expect(result.stderr.contains("Invalid page token 'dXNlcnMvYm9iLw=='"))
  }

  @Test func stdinListing() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["list", "storage.rules", "--objects", "-", "--prefix", "public", "--format", "json"],
      in: directory.url,
      stdin: "[\"public/one\", \"public/two/three\"]")
    #expect(result.status == 0)
    let document = try json(result.stdout)
    #expect(document["items"] as? [String] == ["public/one"])
    #expect(document["prefixes"] as? [String] == ["public/two"])
  }

  @Test func gsListingNamesTheBucket() throws {
    let directory = try directory()
    try directory.write("gs.txt", "gs://my-app/public/:\ngs://my-app/public/a\n")
    let result = try Rulescheck.run(
      ["list", "storage.rules", "--objects", "gs.txt", "--prefix", "public"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("listed gs://my-app/public/: 0 folders, 1 object\n"))
    let mismatch = try Rulescheck.run(
      ["list", "storage.rules", "--objects", "gs.txt", "--bucket", "other"], in: directory.url)
    #expect(mismatch.status == 2)
    #expect(
      mismatch.stderr
        == "rulescheck: error: --bucket other does not match the bucket the listing names: my-app\n")
  }

  @Test func jsonMetadataListing() throws {
    let directory = try directory()
    try directory.write(
      "objects.json", "[{\"name\": \"public/a\", \"size\": 10, \"contentType\": \"text/plain\"}]")
    let result = try Rulescheck.run(
      ["list", "storage.rules", "--objects", "objects.json", "--prefix", "public", "--format", "json"],
      in: directory.url)
    #expect(result.status == 0)
    #expect(try json(result.stdout)["items"] as? [String] == ["public/a"])
  }

  @Test func malformedListingsNameTheLine() throws {
    let directory = try directory()
    try directory.write("bad.json", "[\n  \"a\",\n  {\"name\": \"b\", \"size\": \"big\"}\n]")
    let json = try Rulescheck.run(["list", "storage.rules", "--objects", "bad.json"], in: directory.url)
    #expect(json.status == 2)
    #expect(json.stderr == "rulescheck: error: bad.json:3:3: \"object.size\" must be an integer\n")
    try directory.write("bad.txt", "gs://a/x\ngs://b/y\n")
    let text = try Rulescheck.run(["list", "storage.rules", "--objects", "bad.txt"], in: directory.url)
    #expect(text.status == 2)
    #expect(
      text.stderr
        == "rulescheck: error: bad.txt:2:6: names bucket 'b', but line 1 names 'a'; a listing holds one bucket\n"
    )
    let stdin = try Rulescheck.run(
      ["list", "storage.rules", "--objects", "-"], in: directory.url, stdin: "[1")
    #expect(stdin.status == 2)
    #expect(stdin.stderr.hasPrefix("rulescheck: error: <stdin>:1:3: malformed JSON"))
  }

  /// `gsutil ls -lr gs://my-app`: headers, blank lines, rows, a folder placeholder, TOTAL.
  static let longListing = """
          1024  2024-05-01T10:00:00Z  gs://my-app/index.html

    gs://my-app/public/:
             0  2024-05-01T10:00:00Z  gs://my-app/public/
          2048  2024-05-02T11:30:00Z  gs://my-app/public/a b.md

    gs://my-app/public/c/:
            10  2024-05-02T11:30:00Z  gs://my-app/public/c/d.md
    TOTAL: 4 objects, 3082 bytes (3.01 KiB)

    """

  @Test func gsutilLongListing() throws {
    let directory = try directory()
    try directory.write("ls-lr.txt", Self.longListing)
    let result = try Rulescheck.run(
      ["list", "storage.rules", "--objects", "ls-lr.txt", "--prefix", "public"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout == "listed gs://my-app/public/: 1 folder, 1 object\n  c/\n  a b.md\n")
    let stdin = try Rulescheck.run(
      ["list", "storage.rules", "--objects", "-", "--uid", "u", "--format", "json"], in: directory.url,
      stdin:
        "gs://my-app:\ngs://my-app/top.txt\n\ngs://my-app/public/:\ngs://my-app/public/x#1714557600000000\n")
    #expect(stdin.status == 0)
    #expect(try json(stdin.stdout)["prefixes"] as? [String] == ["public"])
    #expect(try json(stdin.stdout)["items"] as? [String] == ["top.txt"])
  }

  @Test func objectsListPages() throws {
    let directory = try directory()
    try directory.write(
      "pages.json",
      """
      {"kind": "storage#objects", "prefixes": ["public/c/"], "nextPageToken": "CgZwdWJsaWMvYg==",
       "items": [{"kind": "storage#object", "name": "public/a", "bucket": "my-app", "size": "10",
                  "generation": "1714557600000000", "metadata": {"owner": "alice"}}]}
      {"kind": "storage#objects", "items": [{"name": "public/b", "bucket": "my-app", "size": "20"}]}
      """)
    let result = try Rulescheck.run(
      ["list", "storage.rules", "--objects", "pages.json", "--prefix", "public", "--format", "json"],
      in: directory.url)
    #expect(result.status == 0)
    let document = try json(result.stdout)
    #expect(document["prefixes"] as? [String] == ["public/c"])
    #expect(document["items"] as? [String] == ["public/a", "public/b"])
    let text = try Rulescheck.run(
      ["list", "storage.rules", "--objects", "pages.json", "--prefix", "public"], in: directory.url)
    #expect(text.stdout.hasPrefix("listed gs://my-app/public/: 1 folder, 2 objects\n"))
    let other = try Rulescheck.run(
      ["list", "storage.rules", "--objects", "pages.json", "--bucket", "other"], in: directory.url)
    #expect(other.status == 2)
    #expect(
      other.stderr
        == "rulescheck: error: --bucket other does not match the bucket the listing names: my-app\n")
  }

  @Test(arguments: [
    (
      "ls.txt", "gs://b/a\nnotes.txt\n",
      "ls.txt:2:1: not a line of gsutil or gcloud ls output: expected a gs:// URL, a gs://bucket/folder/: "
        + "header, a long-listing row (size, date, URL), a TOTAL: line or a blank line"
    ),
    (
      "long.txt", "     1  2024-05-01T10:00:00Z  gs://b/a\n     2  2024-05-01 10:00:00  gs://b/b\n",
      "long.txt:2:9: expected the creation time as YYYY-MM-DDTHH:MM:SSZ, e.g. 2020-03-02T19:25:17Z"
    ),
    (
      "export", "{\"kind\": \"storage#objects\",\n \"items\": [{\"name\": \"a\", \"size\": \"big\"}]}\n",
      "export:2:34: \"item.size\" must be an integer"
    ),
    (
      "pages.jsonl", "{\"items\": []}\n{\"items\": [}\n",
      "pages.jsonl:2:12: malformed JSON: unexpected character, expected a value"
    ),
  ])
  func malformedExportsNameLineAndColumn(file: String, content: String, message: String) throws {
    let directory = try directory()
    try directory.write(file, content)
    let result = try Rulescheck.run(["list", "storage.rules", "--objects", file], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "rulescheck: error: \(message)\n")
  }

  @Test(arguments: [
    ["list", "storage.rules"],
    ["list", "storage.rules", "--objects", "missing.txt"],
    ["list", "broken.rules", "--objects", "objects.txt"],
    ["list", "storage.rules", "--objects", "objects.txt", "--all", "--max-results", "5"],
    ["list", "storage.rules", "--objects", "objects.txt", "--uid", "a", "--auth", "{\"uid\": \"a\"}"],
    ["list", "storage.rules", "--objects", "objects.txt", "--time", "yesterday"],
    ["list", "storage.rules", "--objects", "objects.txt", "--prefix", String(repeating: "x", count: 1025)],
  ])
  func badInputExitsTwo(arguments: [String]) throws {
    let directory = try directory()
    let result = try Rulescheck.run(arguments, in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr.contains("rulescheck: error:"))
  }

  @Test func authJSONAndTime() throws {
    let result = try list(
      [
        "--prefix", "users/alice", "--auth", "{\"uid\": \"alice\", \"token\": {\"admin\": true}}", "--time",
        "2026-01-01T00:00:00Z",
      ],
      in: try directory())
    #expect(result.status == 0)
  }
}
