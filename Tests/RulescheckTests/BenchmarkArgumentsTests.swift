import Foundation
import RulescheckTestSupport
import Testing

/// `rulescheck-bench` refuses what it does not know, with status 2 and one line on standard
/// error, instead of running the whole benchmark; known flags with their values still work.
@Suite struct BenchmarkArgumentsTests {
  @Test(arguments: [
    (["--bogus"], "unknown argument '--bogus'"),
    (["--lint-only", "--lintonly"], "unknown argument '--lintonly'"),
    (["--write"], "--write needs FILE"),
    (["--write-requests", "batch.jsonl"], "--write-requests needs FILE N"),
    (["--write-requests", "batch.jsonl", "ten"], "N is a number of lines, at least 1, not 'ten'"),
    (["--write-requests", "batch.jsonl", "0"], "N is a number of lines, at least 1, not '0'"),
  ])
  func anUnknownOrIncompleteArgumentIsRefused(arguments: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.runBenchmarks(arguments, in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("rulescheck-bench: "))
    #expect(result.stderr.contains(message))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("batch.jsonl").path))
  }

  @Test func aKnownFlagWithItsValuesRuns() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.runBenchmarks(["--write-requests", "batch.jsonl", "3"], in: directory.url)
    #expect(result.status == 0)
    let written = try String(contentsOf: directory.url.appendingPathComponent("batch.jsonl"), encoding: .utf8)
    #expect(written.split(separator: "\n").count == 3)
  }
}
