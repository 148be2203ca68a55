import Foundation
import RulesReport
import RulescheckTestSupport
import Testing

@Suite("rulescheck audit")
struct CLIAuditTests {
  static let old = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /public/{file} { allow get; }
        match /users/{uid}/{file} { allow read, write: if request.auth != null; }
      }
    }
    """

  static let new = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /public/{file} { allow get, list; }
        match /users/{uid}/{file} { allow read, write: if request.auth.uid == uid; }
      }
    }
    """

  /// A directory with the test's rules files; keep it alive while running commands in it.
  func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("old.rules", Self.old)
    try directory.write("new.rules", Self.new)
    try directory.write(
      "narrow.rules", Self.old.replacingOccurrences(of: "allow get;", with: "allow get: if false;"))
    try directory.write(
      "teams.rules",
      """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /teams/{team}/{file} {
            allow read: if firestore.get(/databases/(default)/documents/teams/$(team)).data.open == true;
          }
        }
      }
      """)
    try directory.write(
      "teams.json", #"{"/databases/(default)/documents/teams/alice": {"open": true}}"#)
    try directory.write("broken.rules", "service firebase.storage { match /a { allow read: if 1 === 1; } }")
    return directory
  }

  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func textShowsATablePerPatternAndItsStatements() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["audit", "new.rules"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("audit of new.rules (rules_version 2): 2 patterns, 4 identities, "))
    #expect(
      result.stdout.contains(
        """
        public/{file} (line 4)
                              get    list   create update delete
          anonymous           yes    yes    -      -      -
        """))
    #expect(result.stdout.contains("  - anyone can get and list `public/{file}` (line 4)\n"))
    #expect(
      result.stdout.contains(
        "  - only the owner can get, list, create, update and delete `users/{uid}/{file}` (line 5)\n"))
  }

  @Test func jsonHasCellsAndStatements() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["audit", "old.rules", "--format", "json"], in: directory.url)
    #expect(result.status == 0)
    let document = try json(result.stdout)
    #expect(document["rulesVersion"] as? Int == 2)
    let patterns = try #require(document["patterns"] as? [[String: Any]])
    #expect(patterns.map { $0["pattern"] as? String } == ["public/{file}", "users/{uid}/{file}"])
    let cells = try #require(patterns.last?["cells"] as? [[String: Any]])
    let strangerDelete = try #require(
      cells.first { $0["identity"] as? String == "stranger" && $0["method"] as? String == "delete" })
    #expect(strangerDelete["access"] as? String == "always")
    let statements = try #require(document["statements"] as? [[String: Any]])
    #expect(
      statements.contains {
        $0["text"] as? String
          == "any signed-in user can get, list, create, update and delete another user's `users/{uid}/{file}`"
      })
  }

  /// "another user's" only where the folder wildcard names a user; a group is "any" group.
  @Test func aFolderWildcardThatIsNotAUserIsAnyFolder() throws {
    let directory = try directory()
    try directory.write(
      "groups.rules",
      Self.old.replacingOccurrences(of: "/users/{uid}/{file}", with: "/groups/{groupId}/{file}"))
    let result = try Rulescheck.run(["audit", "groups.rules"], in: directory.url)
    #expect(
      result.stdout.contains(
        "any signed-in user can get, list, create, update and delete any `groups/{groupId}/{file}`"))
    #expect(!result.stdout.contains("another user's"))
  }

  @Test func diffThatWidensExitsOne() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["audit", "new.rules", "--diff", "old.rules"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout.contains("  + this change lets anyone list `public/{file}` (new.rules line 4)\n"))
    #expect(
      result.stdout.contains(
        "  - this change no longer lets signed-in strangers get, list, create, update and delete `users/{uid}/{file}`"
      ))
  }

  @Test func aRaisedSizeLimitIsAWideningOfAPartialAnswer() throws {
    let directory = try directory()
    let rules = { (limit: String) in
      "rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /u/{uid}/{f} {\n"
        + "allow create: if request.auth.uid == uid && request.resource.size < \(limit); } } }\n"
    }
    try directory.write("small.rules", rules("5 * 1024 * 1024"))
    try directory.write("large.rules", rules("50 * 1024 * 1024"))
    let result = try Rulescheck.run(["audit", "large.rules", "--diff", "small.rules"], in: directory.url)
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "  + this change lets the owner create `u/{uid}/{f}` in more cases (now: under 50 MiB) (large.rules line 2)\n"
      ))
    let back = try Rulescheck.run(
      ["audit", "small.rules", "--diff", "large.rules", "--format", "json"], in: directory.url)
    #expect(back.status == 0)
    let changes = try #require(try json(back.stdout)["changes"] as? [[String: Any]])
    #expect(changes.map { $0["direction"] as? String } == ["narrowed"])
    #expect(changes.map { $0["partial"] as? Bool } == [true])
  }

  @Test func diffThatOnlyNarrowsExitsZero() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["audit", "narrow.rules", "--diff", "old.rules", "--format", "json"], in: directory.url)
    #expect(result.status == 0)
    let document = try json(result.stdout)
    #expect(document["widens"] as? Bool == false)
    let changes = try #require(document["changes"] as? [[String: Any]])
    #expect(changes.map { $0["direction"] as? String } == ["narrowed"])
  }

  @Test func markdownIsForAPullRequest() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["audit", "new.rules", "--diff", "old.rules", "--format", "markdown"], in: directory.url)
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix(
        "### Access changes from `old.rules` to `new.rules`\n\n**Widens access** (review needed):\n"))
  }

  @Test func refusedFileIsExitTwoLikeSimulate() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["audit", "broken.rules"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr.contains("rulescheck: error: broken.rules has 1 error that stops firebase deploy"))
    let diff = try Rulescheck.run(["audit", "old.rules", "--diff", "broken.rules"], in: directory.url)
    #expect(diff.status == 2)
  }

  @Test func badFlagsAreExitTwo() throws {
    let directory = try directory()
    let time = try Rulescheck.run(["audit", "old.rules", "--time", "yesterday"], in: directory.url)
    #expect(time.status == 2)
    #expect(time.stderr.contains("--time is not an RFC 3339 timestamp: yesterday"))
    let missing = try Rulescheck.run(["audit", "nope.rules"], in: directory.url)
    #expect(missing.status == 2)
    let stdin = try Rulescheck.run(["audit", "-", "--diff", "-"], in: directory.url, stdin: Self.old)
    #expect(stdin.status == 2)
  }

  @Test func standardInputAndOutputFile() throws {
    let directory = try directory()
    let result = try Rulescheck.run(
      ["audit", "-", "--output-file", "out.txt"], in: directory.url, stdin: Self.new)
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    let written = try String(contentsOf: directory.url.appendingPathComponent("out.txt"), encoding: .utf8)
    #expect(written.hasPrefix("audit of <stdin> (rules_version 2)"))
  }

  @Test(arguments: ["storage.rules", "immutable-uploads.rules", "listing.rules", "version1.rules"])
  func examplesAuditWithoutError(_ name: String) throws {
    let result = try Rulescheck.run(["audit", "examples/\(name)"], in: packageRoot)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test func firestoreDependenceIsMarkedUntilAFixtureSettlesIt() throws {
    let directory = try directory()
    let unknown = try Rulescheck.run(["audit", "teams.rules"], in: directory.url)
    #expect(unknown.status == 0)
    #expect(
      unknown.stdout.contains(
        "  - who can get and list `teams/{team}/{file}` depends on firestore document teams/{team}"
          + " (no probe was granted without it)\n"))
    #expect(unknown.stdout.contains("  anonymous           -?     -?"))
    let settled = try Rulescheck.run(
      ["audit", "teams.rules", "--firestore", "teams.json"], in: directory.url)
    #expect(settled.status == 0)
    #expect(settled.stdout.contains("  - anyone can get and list `teams/{team}/{file}` (line 5)\n"))
  }
}
