import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Testing

/// Lint folds constants with the evaluator, so it meets the same caps, and all the folds of one
/// ruleset share a budget (``EvaluationLimits/maximumFoldingWork``).
@Suite struct FoldingLimitsTests {
  /// The folder of a ruleset whose only `allow` has `condition`, after `functions`, and that
  /// condition.
  static func folder(_ condition: String, functions: String) throws -> (ConstantFolder, Expression) {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          \(functions)
          match /f/{x} { allow read: if \(condition); }
        }
      }
      """
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(text, path: "f.rules"))
    let statement = try #require(checked.matches.last?.block.body.first)
    guard case .allow(let allow) = statement.kind else { throw FoldingError() }
    return (ConstantFolder(checked), try #require(allow.condition))
  }

  struct FoldingError: Error {}

  static let doubling = """
    function big(s0) {
      let s1 = s0 + s0; let s2 = s1 + s1; let s3 = s2 + s2; let s4 = s3 + s3; let s5 = s4 + s4;
      let s6 = s5 + s5; let s7 = s6 + s6; let s8 = s7 + s7; let s9 = s8 + s8; let s10 = s9 + s9;
      return s10;
    }
    """

  @Test("F1: folding a let chain that outgrows a string stops at the same cap as a request")
  func foldingHitsTheStringLimit() throws {
    let (folder, condition) = try Self.folder(
      "big('\(String(repeating: "a", count: 2048))').size() > 0", functions: Self.doubling)
    let value = try #require(folder.value(of: condition))
    #expect(
      value.displayText
        == "error: string of 2097152 bytes exceeds rulescheck's 1 MiB string limit (1048576 UTF-8 bytes).")
  }

  @Test("once a ruleset's folding budget is spent, every value is unknown")
  func foldingBudgetIsShared() throws {
    // Each fold builds a 1 MiB string and compares it 17 times: more than a request's budget.
    let comparisons = Array(repeating: "big(s) == big(s)", count: 9).joined(separator: " && ")
    let (folder, condition) = try Self.folder(
      "f('\(String(repeating: "a", count: 1024))')",
      functions: Self.doubling + "\nfunction f(s) { return \(comparisons); }")
    var results: [Value?] = []
    for _ in 0..<6 { results.append(folder.value(of: condition)) }
    // A fold given a whole request's budget fails as the request would; later folds, left with
    // less, know nothing.
    #expect(
      results[0]?.displayText.hasPrefix("error: Unable to evaluate the expression as rulescheck's budget")
        == true)
    #expect(results.last.flatMap { $0 } == nil)
  }
}
