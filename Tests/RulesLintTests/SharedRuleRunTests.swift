import Dispatch
import Foundation
import RulesSemantics
import RulesSyntax
import Testing

@testable import RulesLint

/// ``SharedRuleRun`` hands the rules out to the calling thread and a helping one: each rule
/// runs once and its findings stay in its place, however the two threads meet (or if the
/// helper never comes, or comes too late).
@Suite(.timeLimit(.minutes(2))) struct SharedRuleRunTests {
  static let now = Date(timeIntervalSince1970: 1_780_000_000)

  /// A file with findings for many rules, large enough that both threads take some.
  static let ruleset: CheckedRuleset = {
    var text = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n"
    for index in 0..<60 {
      text += """
            match /f\(index)/{userId}/{name} {
              allow read: if request.auth.uid == userId || request.auth.token.admin == true;
              allow write: if request.resource.size < \(index + 1) * 1024;
              allow delete: if true;
            }

        """
    }
    return SemanticAnalyzer.analyze(SourceFile(path: "a.rules", text: text + "  }\n}\n"))
  }()

  /// Each rule's findings, one rule after another on a fresh context.
  static func oneByOne(_ rules: [any LintRule]) -> [[Diagnostic]] {
    let context = LintContext(ruleset: ruleset, now: now)
    return rules.map { rule in
      var report = RuleReport(id: rule.descriptor.id)
      rule.check(context, report: &report)
      return report.diagnostics
    }
  }

  @Test func bothThreadsTogetherFindWhatOneThreadFinds() {
    let rules = RuleCatalogue.standard.rules
    let expected = Self.oneByOne(rules)
    #expect(expected.contains { !$0.isEmpty })
    for _ in 0..<5 {
      let share = SharedRuleRun(rules, order: Array(rules.indices.reversed()))
      let helped = DispatchGroup()
      helped.enter()
      DispatchQueue.global().async {
        share.help()
        helped.leave()
      }
      let found = share.run(on: LintContext(ruleset: Self.ruleset, now: Self.now))
      #expect(found == expected)
      // Whatever the helper did, it has finished: it does not outlive the run.
      #expect(helped.wait(timeout: .now() + 60) == .success)
    }
  }

  @Test func aRunWithoutAHelperFinishes() {
    let rules = RuleCatalogue.standard.rules
    let share = SharedRuleRun(rules, order: Array(rules.indices))
    #expect(share.run(on: LintContext(ruleset: Self.ruleset, now: Self.now)) == Self.oneByOne(rules))
  }

  /// A helper that comes once the calling thread ran every rule takes none and returns.
  @Test func aLateHelperReturnsAtOnce() {
    let rules = Array(RuleCatalogue.standard.rules.prefix(3))
    let share = SharedRuleRun(rules, order: Array(rules.indices))
    let found = share.run(on: LintContext(ruleset: Self.ruleset, now: Self.now))
    share.help()
    #expect(found == Self.oneByOne(rules))
  }

  /// Once it returns, the run holds no reference to the context: the caller's is the last, so
  /// the caller decides where the context is freed (``BackgroundRelease``, off the thread
  /// that waits for the findings).
  @Test func theRunKeepsNoReferenceToTheContext() {
    let rules = Array(RuleCatalogue.standard.rules.prefix(3))
    let share = SharedRuleRun(rules, order: Array(rules.indices))
    weak var released: LintContext?
    do {
      let context = LintContext(ruleset: Self.ruleset, now: Self.now)
      released = context
      #expect(share.run(on: context) == Self.oneByOne(rules))
    }
    #expect(released == nil)
    withExtendedLifetime(share) {}
  }

  /// Only the positions in the order run; the others keep no findings.
  @Test func onlyTheOrderedRulesRun() {
    let rules = RuleCatalogue.standard.rules
    let expected = Self.oneByOne(rules)
    let chosen = rules.indices.filter { $0 % 2 == 0 }
    let found = SharedRuleRun(rules, order: chosen).run(on: LintContext(ruleset: Self.ruleset, now: Self.now))
    for index in rules.indices {
      #expect(found[index] == (chosen.contains(index) ? expected[index] : []))
    }
  }
}
