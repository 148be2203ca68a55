import Foundation
import RulescheckTestSupport
import Testing

#if os(Linux)
  /// On Linux the executable runs on jemalloc, not glibc's malloc (Package.swift's CJemalloc):
  /// jemalloc prints its statistics at exit when `MALLOC_CONF` asks, glibc ignores the variable.
  @Suite struct CLIAllocatorTests {
    @Test func theExecutableRunsOnJemalloc() throws {
      let directory = try TemporaryDirectory()
      try directory.write("storage.rules", Fixtures.warningOnly)
      let result = try Rulescheck.run(
        ["lint", "storage.rules"], in: directory.url, environment: ["MALLOC_CONF": "stats_print:true"])
      #expect(result.status == 0)
      #expect(result.stderr.contains("Begin jemalloc statistics"))
      #expect(result.stdout.contains("1 file"))
    }

    @Test func withoutTheVariableNothingOfJemallocIsPrinted() throws {
      let directory = try TemporaryDirectory()
      try directory.write("storage.rules", Fixtures.warningOnly)
      let result = try Rulescheck.run(["lint", "storage.rules"], in: directory.url)
      #expect(!result.stderr.contains("jemalloc"))
    }
  }
#endif
