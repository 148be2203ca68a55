import RulesRegex
import Testing

/// Every backtracking step of every attempt counts against a ``RegexBudget``, so no pattern
/// and subject can run on: PCRE2's own search would give each position of the subject a fresh
/// match limit, and a repeat it made possessive would scan without counting steps.
@Suite struct RegexBudgetTests {
  @Test(
    "a search whose work grows faster than its subject ends when the budget does",
    arguments: ["a*a*[bc]", "(a|aa)*[bc]", "(?:a{999}b|a)c", String(repeating: "a", count: 300) + "b"])
  func budgetEndsTheSearch(pattern: String) throws {
    let regex = try RegexPattern(pattern)
    var budget = RegexBudget(steps: 200_000)
    #expect(throws: RegexError.matchLimitExceeded) {
      try regex.allMatches(in: String(repeating: "a", count: 2_000), budget: &budget)
    }
    #expect(budget.exhausted)
    #expect(budget.steps >= 0)
  }

  @Test("one attempt that needs more than the match limit fails without exhausting the budget")
  func matchLimitIsPerAttempt() throws {
    var budget = RegexBudget(steps: 1 << 30)
    #expect(throws: RegexError.matchLimitExceeded) {
      try RegexPattern("(a+)+$").matchesWhole(String(repeating: "a", count: 40) + "!", budget: &budget)
    }
    #expect(!budget.exhausted)
  }

  @Test("a successful search spends little and finds the same matches")
  func cheapSearches() throws {
    var budget = RegexBudget(steps: 10_000)
    let matches = try RegexPattern("/").allMatches(in: "users/alice/photos/a.png", budget: &budget)
    #expect(matches.map(\.range) == [5..<6, 11..<12, 18..<19])
    #expect(budget.steps > 9_000)
    #expect(!budget.exhausted)
  }

  @Test("allMatches stops after its limit")
  func matchLimitCount() throws {
    let matches = try RegexPattern("a").allMatches(in: "aaaaa", limit: 3)
    #expect(matches.map(\.range) == [0..<1, 1..<2, 2..<3])
  }

  @Test(
    "skipping positions a match cannot start at changes no match",
    arguments: [
      ("[,;]\\s*", "a, b;c;;d", [1..<3, 4..<5, 6..<7, 7..<8]), ("(?i)B", "abcABC", [1..<2, 4..<5]),
      ("é", "aébé", [1..<3, 4..<6]), ("\\d+", "a1b22c333", [1..<2, 3..<5, 6..<9]),
      ("x*", "axbxx", [0..<0, 1..<2, 2..<2, 3..<5, 5..<5]),
    ])
  func prefilter(pattern: String, subject: String, expected: [Range<Int>]) throws {
    #expect(try RegexPattern(pattern).allMatches(in: subject).map(\.range) == expected)
  }

  @Test("spend takes steps only when there are enough")
  func spend() {
    var budget = RegexBudget(steps: 10)
    let first = budget.spend(4)
    #expect(first)
    #expect(budget.steps == 6)
    let second = budget.spend(7)
    #expect(!second)
    #expect(budget.exhausted)
    #expect(budget.steps == 6)
  }
}
