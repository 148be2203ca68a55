import Foundation
import RulescheckTestSupport
import Testing

#if os(Linux)
  /// On Linux the executable runs on jemalloc, not glibc's malloc (Package.swift's CJemalloc):
  /// jemalloc prints its statistics at exit when `MALLOC_CONF` asks, glibc ignores the variable.
  @Suite struct CLIAllocatorTests {
    /// `rulescheck lint` of a file with one finding, with `environment` added.
    func lint(environment: [String: String] = [:]) throws -> CommandResult {
      let directory = try TemporaryDirectory()
      try directory.write("storage.rules", Fixtures.warningOnly)
      return try Rulescheck.run(["lint", "storage.rules"], in: directory.url, environment: environment)
    }

    @Test func theExecutableRunsOnJemalloc() throws {
      let result = try lint(environment: ["MALLOC_CONF": "stats_print:true"])
      #expect(result.status == 0)
      #expect(result.stderr.contains("Begin jemalloc statistics"))
      #expect(result.stdout.contains("1 file"))
    }

    @Test func withoutTheVariableNothingOfJemallocIsPrinted() throws {
      let result = try lint()
      #expect(result.status == 0)
      #expect(!result.stderr.contains("jemalloc"))
    }
  }
#endif
