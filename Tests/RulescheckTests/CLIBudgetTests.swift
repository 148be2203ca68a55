import Foundation
import RulescheckTestSupport
import Testing

/// `simulate` on rules that build values past rulescheck's caps: a clear denial, quickly, and
/// a trace that stays small.
@Suite("rulescheck simulate: budgets")
struct CLIBudgetTests {
  /// F1 of issue 10: each `let` the previous one 8 times; the seventh would be 2 MiB.
  static let letChain = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        function f(s0) {
          let s1 = s0 + s0 + s0 + s0 + s0 + s0 + s0 + s0;
          let s2 = s1 + s1 + s1 + s1 + s1 + s1 + s1 + s1;
          let s3 = s2 + s2 + s2 + s2 + s2 + s2 + s2 + s2;
          let s4 = s3 + s3 + s3 + s3 + s3 + s3 + s3 + s3;
          let s5 = s4 + s4 + s4 + s4 + s4 + s4 + s4 + s4;
          let s6 = s5 + s5 + s5 + s5 + s5 + s5 + s5 + s5;
          let s7 = s6 + s6 + s6 + s6 + s6 + s6 + s6 + s6;
          return s7.size() > 0 && s6.size() > 0;
        }
        match /{x} { allow read: if f('aaaa'); }
      }
    }
    """

  @Test func aStringPastTheCapDeniesAndSaysWhy() throws {
    let directory = try TemporaryDirectory()
    try directory.write("chain.rules", Self.letChain)
    let result = try Rulescheck.run(
      ["simulate", "chain.rules", "--method", "get", "--path", "x", "--explain"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("denied (403): get /b/test-bucket/o/x"))
    #expect(
      result.stdout.contains(
        "error: string of 2097152 bytes exceeds rulescheck's 1 MiB string limit (1048576 UTF-8 bytes)."))
  }

  @Test func aTraceCutsLargeValues() throws {
    let directory = try TemporaryDirectory()
    try directory.write("chain.rules", Self.letChain)
    let result = try Rulescheck.run(
      ["simulate", "chain.rules", "--method", "get", "--path", "x", "--explain", "--format", "json"],
      in: directory.url)
    #expect(result.status == 1)
    // Whole, the 1 MiB s6 and its parts would take over 8 MB; each value is cut at 4 KiB.
    #expect(result.stdout.utf8.count < 1_000_000)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let trace = try #require((document["trace"] as? [[String: Any]])?.first)
    let allow = try #require((trace["allows"] as? [[String: Any]])?.first)
    let values = try #require(allow["values"] as? [[String: Any]]).compactMap { $0["value"] as? String }
    #expect(values.contains { $0.hasPrefix("'aaaa") && $0.hasSuffix("…") && $0.utf8.count <= 4_096 + 3 })
  }
}
