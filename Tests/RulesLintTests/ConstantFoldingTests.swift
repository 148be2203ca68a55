import Foundation
import RulesEvaluator
import RulesLint
import RulesSemantics
import RulesSyntax
import Testing

/// Lint folds constants with the evaluator, so what it takes a constant expression to be is
/// what `simulate` computes for it (issue 9: one meaning per expression).
@Suite struct ConstantFoldingTests {
  private func context(_ body: String) -> LintContext {
    let text = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n\(body)\n  }\n}\n"
    return LintContext(
      ruleset: SemanticAnalyzer.analyze(SourceFile(path: "a.rules", text: text)), now: Date())
  }

  /// Constant expressions, each with the start of the value the evaluator gives it (so a row
  /// cannot pass by both sides folding to nothing).
  static let constants: [(String, String)] = [
    ("1 / 0", "error: Divide by zero error."), ("'a' + 1", "error: Unsupported operation error."),
    ("int('x')", "error: Type conversion error."), ("[1, 2][5]", "error: Index out of bound error."),
    ("'abc'.size()", "3"),
    ("timestamp.date(2025, 13, 1)", "error: Date is not valid. year: 2025, month: 13 day: 1."),
    ("timestamp.date(2024, 2, 29)", "timestamp('2024-02-29T00:00:00Z')"),
    ("timestamp.date(1500, 2, 29)", "error: Date is not valid."),
    ("duration.value(1, 'y')", "error: Invalid regular expression pattern. Pattern: y."),
    ("1 == 1.0", "true"),
    ("'\\u00e9' == 'e\\u0301'", ""), ("[1] + [2]", "error: Unsupported operation error."),
    ("'x'.startsWith('a')", "error: Function not found error: Name: [startsWith]."),
    ("bool('true')", "error: Function not found error: Name: [bool]."),
    ("math.isInfinite(1.0)", "error: Function not found error: Name: [math.isInfinite]."),
    ("9223372036854775807 + 1", "error: Integer value is out of the"), ("7 / 2", "3"), ("-7 % 3", "-1"),
    ("1 < 'a'", "error: Unsupported operation error."), ("{'a': 1}.b", "error: Property b is undefined"),
    ("'abc'[0:0]", "error: Index out of bound error."), ("'abc'[2:2]", "''"),
    ("hashing.md5('a').toHexString()", "'0CC175B9C0F1B6A831C399E269772661'"),
    ("timestamp.value(0) + duration.value(1, 'd')", "timestamp('1970-01-02T00:00:00Z')"),
    ("math.round(-2.5)", "-2"), ("string(10000000.0)", "'1.0E7'"), ("'😀'.size()", "2"),
    ("[1, 2, 3].toSet().hasAll([1.0])", "true"), ("1.0 in [1]", "false"),
    ("'a'.matches('(')", "error: Invalid regular expression pattern"),
    ("true ? 1 : 1 / 0", "1"), ("1 / 0 || true", "true"), ("1 / 0 && false", "false"),
    ("null.x", "error: Null value error."), ("path('a/b')[1]", "'b'"), ("x(1)", "error: Function not found"),
  ]

  @Test("lint folds a constant expression to what the evaluator computes", arguments: constants)
  func foldingAgreesWithTheEvaluator(_ expression: String, _ expected: String) throws {
    let context = context("match /f/{x} { allow read: if \(expression); }")
    let condition = try #require(context.allows.first?.condition)
    let folded = try #require(context.constant(condition))
    let evaluated = CompiledRuleset.evaluate(expression)
    #expect(folded.displayText == evaluated.displayText)
    #expect(folded.displayText.hasPrefix(expected), "\(folded.displayText)")
  }

  @Test func foldingFollowsArgumentsIntoFunctions() throws {
    let context = context(
      """
      function limit(megabytes) { let bytes = megabytes * 1024 * 1024; return bytes; }
      function check(n) { return request.resource.size < limit(n) && 'image/.*' + suffix(n) != ''; }
      function suffix(n) { return n > 1 ? 'x' : 'y'; }
      match /f/{x} { allow write: if check(2) && check(1 / 0); }
      """)
    let condition = try #require(context.allows.first?.condition)
    let sizes = context.comparisons(in: condition).filter { $0.op == .less }
    #expect(sizes.count == 2)
    let limits = sizes.map { context.constant($0.right, $0.bindings)?.displayText }
    #expect(limits == ["2097152", "error: Divide by zero error."])
  }
}
