import Foundation
import RulesLint
import RulesLintFrontend
import RulescheckTestSupport
import Testing

@Suite struct InputDiscoveryTests {
  private func paths(_ arguments: [String], in directory: TemporaryDirectory) throws -> [String] {
    try InputDiscovery(currentDirectory: directory.url).inputs(for: arguments).map(\.displayPath)
  }

  private func error(_ arguments: [String], in directory: TemporaryDirectory) -> LintError? {
    do {
      _ = try InputDiscovery(currentDirectory: directory.url).inputs(for: arguments)
      return nil
    } catch {
      return error
    }
  }

  @Test func explicitFilesAreTakenAsGivenAndOnce() throws {
    let directory = try TemporaryDirectory()
    try directory.write("a.rules", "")
    try directory.write("notes.txt", "")
    #expect(
      try paths(["a.rules", "notes.txt", "./a.rules", "a.rules"], in: directory) == ["a.rules", "notes.txt"])
  }

  @Test func aDirectoryMeansEveryRulesFileBelowItSorted() throws {
    let directory = try TemporaryDirectory()
    for path in [
      "rules/b.rules", "rules/a.rules", "rules/sub/c.rules", "rules/a-b/d.rules", "rules/x.txt",
      "rules/.hidden/e.rules", "rules/.build-cli/f.rules", "rules/.g.rules",
    ] {
      try directory.write(path, "")
    }
    #expect(
      try paths(["rules"], in: directory)
        == ["rules/a-b/d.rules", "rules/a.rules", "rules/b.rules", "rules/sub/c.rules"])
    #expect(try paths(["rules/"], in: directory).first == "rules/a-b/d.rules")
    #expect(try paths(["rules/sub", "rules"], in: directory).first == "rules/sub/c.rules")
    #expect(try paths(["rules/sub", "rules"], in: directory).count == 4)
  }

  @Test func theCurrentDirectoryIsShownWithoutDotSlash() throws {
    let directory = try TemporaryDirectory()
    try directory.write("x/storage.rules", "")
    #expect(try paths(["."], in: directory) == ["x/storage.rules"])
  }

  @Test func aDirectoryWithoutRulesFilesIsAnError() throws {
    let directory = try TemporaryDirectory()
    try directory.write("empty/readme.md", "")
    #expect(error(["empty"], in: directory) == .noRulesFiles(directory: "empty"))
  }

  @Test func aMissingPathIsAnError() throws {
    let directory = try TemporaryDirectory()
    #expect(error(["nope.rules"], in: directory) == .noSuchFile(path: "nope.rules", namedBy: nil))
  }

  @Test func firebaseJSONObjectForm() throws {
    let directory = try TemporaryDirectory()
    try directory.write("firebase.json", #"{"hosting": {}, "storage": {"rules": "./config/storage.rules"}}"#)
    try directory.write("config/storage.rules", "")
    try directory.write("storage.rules", "")
    #expect(try paths([], in: directory) == ["config/storage.rules"])
  }

  @Test func firebaseJSONArrayFormIsDeduplicated() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      "firebase.json",
      """
      {
        // comments and trailing commas are accepted, as by the Firebase CLI
        "storage": [
          {"bucket": "main", "rules": "storage.rules"},
          {"bucket": "uploads", "rules": "uploads.rules"},
          {"bucket": "backup", "rules": "./storage.rules"},
        ]
      }
      """)
    try directory.write("storage.rules", "")
    try directory.write("uploads.rules", "")
    #expect(try paths([], in: directory) == ["storage.rules", "uploads.rules"])
  }

  @Test func firebaseJSONNamingAMissingFileIsAnError() throws {
    let directory = try TemporaryDirectory()
    try directory.write("firebase.json", #"{"storage": {"rules": "gone.rules"}}"#)
    #expect(error([], in: directory) == .noSuchFile(path: "gone.rules", namedBy: "firebase.json"))
  }

  @Test(arguments: [#"{"storage": {"rules": 3}}"#, #"{"storage": "x"}"#, "[1]"])
  func badlyShapedFirebaseJSONIsAnError(contents: String) throws {
    let directory = try TemporaryDirectory()
    try directory.write("firebase.json", contents)
    guard case .invalidFirebaseConfiguration(let path, _)? = error([], in: directory) else {
      Issue.record("expected an invalid configuration error")
      return
    }
    #expect(path == "firebase.json")
  }

  @Test func malformedFirebaseJSONHasAPosition() throws {
    let directory = try TemporaryDirectory()
    try directory.write("firebase.json", "{\n  \"storage\": ")
    #expect(
      error([], in: directory)
        == .invalidConfiguration(
          path: "firebase.json", line: 2, column: 14,
          message: "malformed JSON: unexpected end of input, expected a value"))
  }

  @Test func firebaseJSONWithoutStorageOrStorageRules() throws {
    let directory = try TemporaryDirectory()
    try directory.write("firebase.json", #"{"firestore": {"rules": "firestore.rules"}}"#)
    #expect(
      error([], in: directory)
        == .noStorageKey(path: "firebase.json", directory: directory.url.standardizedFileURL.path))
  }

  @Test func withoutStorageInFirebaseJSONFallsBackToStorageRules() throws {
    let directory = try TemporaryDirectory()
    try directory.write("firebase.json", #"{"firestore": {"rules": "firestore.rules"}}"#)
    try directory.write("storage.rules", "")
    #expect(try paths([], in: directory) == ["storage.rules"])
  }

  @Test func nothingToLint() throws {
    let directory = try TemporaryDirectory()
    #expect(error([], in: directory) == .nothingToLint(directory: directory.url.standardizedFileURL.path))
    #expect(error([], in: directory)?.description.hasPrefix("nothing to lint: ") == true)
  }
}
