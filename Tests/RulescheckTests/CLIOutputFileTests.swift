import Foundation
import RulescheckTestSupport
import Testing

/// `lint --output-file`: the report goes to the file, the exit status stays.
@Suite struct CLIOutputFileTests {
  @Test(arguments: ["sarif", "json", "text", "github"])
  func reportGoesToTheFileAndTheStatusStays(format: String) throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.warningOnly)
    let plain = try Rulescheck.run(["lint", "--strict", "--format", format], in: directory.url)
    let result = try Rulescheck.run(
      ["lint", "--strict", "--format", format, "--output-file", "out/report"], in: directory.url)
    #expect(result.status == 2, "the folder out/ does not exist")
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("out"), withIntermediateDirectories: true)
    let written = try Rulescheck.run(
      ["lint", "--strict", "--format", format, "--output-file", "out/report"], in: directory.url)
    #expect(plain.status == 1)
    #expect(written.status == 1)
    #expect(written.stdout.isEmpty)
    let report = try String(contentsOf: directory.url.appendingPathComponent("out/report"), encoding: .utf8)
    #expect(report == plain.stdout)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: directory.url.appendingPathComponent("out").path)
    #expect(leftovers == ["report"])
  }

  @Test func aBadPathIsExitTwoNamingIt() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.clean)
    try directory.write("dir/x", "")
    for (path, reason) in [("missing/r.sarif", "no such directory"), ("dir", "is a directory")] {
      let result = try Rulescheck.run(["lint", "--output-file", path], in: directory.url)
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == "rulescheck: error: --output-file \(path): cannot write the file: \(reason)\n")
    }
  }

  /// An existing report is replaced whole and keeps its permissions; a symbolic link stays a
  /// link to the replaced file.
  @Test func replacesAnExistingFileThroughALink() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.clean)
    let target = try directory.write("reports/lint.json", String(repeating: "old ", count: 10_000))
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
    let link = directory.url.appendingPathComponent("lint.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let result = try Rulescheck.run(
      ["lint", "--format", "json", "--output-file", "lint.json"], in: directory.url)
    #expect(result.status == 0)
    let text = try String(contentsOf: target, encoding: .utf8)
    #expect(text.hasPrefix("{\n  \"version\": 1,"))
    #expect(!text.contains("old"))
    let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
    #expect(attributes[.posixPermissions] as? Int == 0o640)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
  }

  /// `/dev/stdout` on a pipe cannot be renamed over: it is written in place.
  @Test func aPipeIsWrittenInPlace() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Fixtures.warningOnly)
    let result = try Rulescheck.runShell(
      "set -o pipefail; rulescheck lint --format json --output-file /dev/stdout storage.rules | cat",
      in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""code": "RC300""#))
    #expect(result.stderr.isEmpty)
  }
}
