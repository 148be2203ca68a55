import Foundation
import RulescheckTestSupport
import Testing

/// `rulescheck format` leaves out what `.rulescheck.yml` excludes, as `lint` does, and names
/// standard input as `--stdin-filename` says.
@Suite struct CLIFormatDiscoveryTests {
  @Test func excludedFilesAreLeftAlone() throws {
    let directory = try TemporaryDirectory()
    try directory.write("rules/.rulescheck.yml", "exclude:\n  - skipped.rules\n")
    try directory.write("rules/skipped.rules", CLIFormatTests.messy)
    try directory.write("rules/kept.rules", CLIFormatTests.messy)
    let result = try Rulescheck.run(["format", "--check", "rules"], in: directory.url)
    #expect(result.status == 1, "\(result.stderr)")
    let expected = "would reformat rules/kept.rules\n1 file would be reformatted, 0 files already formatted\n"
    #expect(result.stdout == expected)
  }

  @Test func stdinFilenameNamesStandardInput() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.runPiped(
      ["format", "--stdin-filename", "app/storage.rules"], in: directory.url, input: CLIFormatTests.broken)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("app/storage.rules:2:29: error[RS007"), "\(result.stderr)")
  }

  @Test func withNothingToFormatTheMessageSaysSo() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.run(["format"], in: directory.url)
    #expect(result.status == 2)
    let message = "rulescheck: error: nothing to format: no firebase.json or storage.rules in "
    #expect(result.stderr.hasPrefix(message))
    #expect(result.stderr.hasSuffix("; pass rules files or directories to format\n"))
  }

  @Test func withoutPathsItFormatsStorageRules() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", CLIFormatTests.messy)
    let result = try Rulescheck.run(["format"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("reformatted storage.rules\n"))
  }
}
