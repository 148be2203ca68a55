import Foundation
import RulesInput
import RulescheckTestSupport
import Testing

@testable import RulesTesting

/// The suite tree built from libyaml's events is the one Yams composes, and everything the
/// composer leaves to Yams still gets Yams' answer.
@Suite struct SuiteComposerTests {
  static let documents = [
    "a: 1\nb: 'x'\nc: \"y\"\nd: ~\ne:\nf: [1, two, \"3\"]\ng: {h: i, j: [k]}\n",
    "- &first {name: one, tags: [a, b]}\n- *first\n- &s plain\n- *s\n- {key: *s}\n",
    "text: |\n  line one\n  line two\nfolded: >\n  a\n  b\nkept: |+\n  x\n\n",
    "é: ü\n\"quoted key\": 🙂\n? explicit\n: value\n'': empty key\n",
    "{\"rules\": \"x.rules\", \"cases\": [{\"name\": \"c\", \"request\": {\"method\": \"get\"}}]}",
    "--- \nroot: document\n...\n",
    "outer:\n  inner: &anchor\n    deep: [1, [2, [3]]]\n  again: *anchor\n  &anchor redefined: 2\n  last: *anchor\n",
    "plain\n",
  ]

  @Test(arguments: documents)
  func composesAsYamsDoes(_ text: String) throws {
    let fast = try #require(try SuiteComposer.compose(text, budget: YAMLBudget()))
    #expect(fast == (try SuiteDocument.composedByYams(text, file: "suite", strict: nil)))
  }

  /// Documents the composer gives up on: Yams decides, with its own message.
  static let leftToYams = [
    "a: 1\na: 2\n", "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\ng: 7\nh: 8\ni: 9\nj: 10\nb: 11\n", "a: *missing\n",
    "[a]: b\n", "one\n--- \ntwo\n", "", "# only a comment\n", "a: [1, 2\n", "a: b: c\n",
    "\u{e9}: x\ne\u{301}: y\n",
  ]

  @Test(arguments: leftToYams)
  func leavesTheRestToYams(_ text: String) throws {
    #expect(try SuiteComposer.compose(text, budget: YAMLBudget()) == nil)
  }

  @Test func countsEveryEventAgainstTheBudget() {
    let text =
      "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
      + "c: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
    let budget = YAMLBudget(maximumNodes: 500)
    #expect(throws: YAMLBudgetError.self) { try SuiteComposer.compose(text, budget: budget) }
    do {
      _ = try SuiteComposer.compose(text, budget: budget)
    } catch {
      #expect(throws: error) { try budget.check(text) }
    }
  }

  @Test func theGeneratedSuiteReadsTheSameBothWays() throws {
    let url = Fixtures.packageRoot.appendingPathComponent("examples/storage.rules-test.yaml")
    let text = try String(contentsOf: url, encoding: .utf8)
    let fast = try #require(try SuiteComposer.compose(text, budget: YAMLBudget()))
    #expect(fast == (try SuiteDocument.composedByYams(text, file: "suite", strict: nil)))
  }
}
