import Foundation
import RulescheckTestSupport
import Testing

/// `rulescheck format`: in-place rewriting, `--check`, `--diff`, standard input, JSON, and the
/// exit codes for syntax errors and missing files.
@Suite struct CLIFormatTests {
  static let messy = "service firebase.storage{match /a{allow read:if true;}}\n"
  static let canonical = """
    service firebase.storage {
      match /a {
        allow read: if true;
      }
    }

    """
  static let broken = "service firebase.storage {\n  match /a { allow read: if ; }\n}\n"

  func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("rules/messy.rules", Self.messy)
    try directory.write("rules/clean.rules", Self.canonical)
    return directory
  }

  private func contents(_ directory: TemporaryDirectory, _ path: String) throws -> String {
    String(decoding: try Data(contentsOf: directory.url.appendingPathComponent(path)), as: UTF8.self)
  }

  @Test func rewritesChangedFilesInPlaceAndSaysWhich() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["format", "rules"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "reformatted rules/messy.rules\n1 file reformatted, 1 file already formatted\n")
    #expect(try contents(directory, "rules/messy.rules") == Self.canonical)
    #expect(try contents(directory, "rules/clean.rules") == Self.canonical)
    let again = try Rulescheck.run(["format", "rules"], in: directory.url)
    #expect(again.status == 0)
    #expect(again.stdout == "0 files reformatted, 2 files already formatted\n")
  }

  @Test func checkChangesNothingAndFailsWhenAFileWouldChange() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["format", "--check", "rules"], in: directory.url)
    #expect(result.status == 1)
    #expect(
      result.stdout
        == "would reformat rules/messy.rules\n1 file would be reformatted, 1 file already formatted\n")
    #expect(try contents(directory, "rules/messy.rules") == Self.messy)
    let clean = try Rulescheck.run(["format", "--check", "rules/clean.rules"], in: directory.url)
    #expect(clean.status == 0)
    #expect(clean.stdout == "0 files would be reformatted, 1 file already formatted\n")
  }

  @Test func diffPrintsAUnifiedDiffAndChangesNothing() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["format", "--check", "--diff", "rules/messy.rules"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("--- a/rules/messy.rules\n+++ b/rules/messy.rules\n@@ -1,1 +1,5 @@\n"))
    #expect(result.stdout.contains("\n+    allow read: if true;\n"))
    #expect(result.stderr.contains("would reformat rules/messy.rules"))
    #expect(try contents(directory, "rules/messy.rules") == Self.messy)
  }

  @Test func standardInputIsFormattedToStandardOutput() throws {
    let directory = try directory()
    let result = try Rulescheck.runPiped(["format", "-"], in: directory.url, input: Self.messy)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == Self.canonical)
    #expect(result.stderr.contains("reformatted <stdin>"))
    let check = try Rulescheck.runPiped(["format", "--check", "-"], in: directory.url, input: Self.messy)
    #expect(check.status == 1)
    #expect(check.stdout.hasPrefix("would reformat <stdin>\n"))
  }

  @Test func syntaxErrorsAreExit2WithTheirPositionAndTheFileIsLeftAlone() throws {
    let directory = try directory()
    try directory.write("rules/broken.rules", Self.broken)
    let result = try Rulescheck.run(["format", "rules"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("rules/broken.rules:2:29: error[RS007"), "\(result.stderr)")
    #expect(try contents(directory, "rules/broken.rules") == Self.broken)
    #expect(try contents(directory, "rules/messy.rules") == Self.canonical, "the other files are formatted")
    #expect(result.stdout.hasSuffix(", 1 file could not be formatted\n"))
  }

  @Test func aMissingFileIsExit2() throws {
    let directory = try directory()
    let result = try Rulescheck.run(["format", "--check", "nope.rules"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("rulescheck: error: "))
    #expect(result.stderr.contains("nope.rules"))
  }

  @Test func jsonReportsEachFile() throws {
    let directory = try directory()
    try directory.write("rules/broken.rules", Self.broken)
    let result = try Rulescheck.run(["format", "--check", "--format", "json", "rules"], in: directory.url)
    #expect(result.status == 2)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(document["mode"] as? String == "check")
    let files = try #require(document["files"] as? [[String: Any]])
    let paths = files.map { $0["path"] as? String }
    #expect(paths == ["rules/broken.rules", "rules/clean.rules", "rules/messy.rules"])
    #expect(files.map { $0["status"] as? String } == ["syntax-errors", "unchanged", "would-reformat"])
    let errors = try #require(files[0]["errors"] as? [[String: Any]])
    #expect(errors.first?["line"] as? Int == 2)
    let summary = try #require(document["summary"] as? [String: Int])
    #expect(summary == ["changed": 1, "unchanged": 1, "failed": 1])
  }
}
