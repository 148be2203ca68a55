import Foundation
import RulesLint
import RulesSemantics
import RulesSyntax

/// The rule catalogue on the generated file in its two phases: the facts every rule shares,
/// computed once per file when the ``LintContext`` is made (auth guards, each `allow`'s access
/// paths, comparisons, calls, look-ups, regex calls), then every default rule reading them
/// (``RuleCatalogue/check(_:isEnabled:)``). Prints both, their sum (the catalogue's cost in a
/// full lint) and the work counters; `--lint-profile` splits the second phase per rule.
func benchmarkLintCatalogue(_ source: SourceFile) {
  let checked = SemanticAnalyzer.analyze(source)
  measure("lint facts 256 KiB (LintContext: guards, allow facts, regex calls)", iterations: 20) {
    _ = LintContext(ruleset: checked, now: Date())
  }
  // The rules alone: each run on a fresh context made outside the clock.
  let clock = ContinuousClock()
  var rules: [Duration] = []
  for _ in 0..<20 {
    let context = LintContext(ruleset: checked, now: Date())
    rules.append(clock.measure { _ = RuleCatalogue.standard.check(context) })
  }
  rules.sort()
  let milliseconds = { (duration: Duration) in
    String(
      format: "%.2f",
      Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15)
  }
  print(
    "lint rules 256 KiB (every default rule on the facts): min \(milliseconds(rules[0])) ms, median "
      + "\(milliseconds(rules[rules.count / 2])) ms (20 runs)")
  measure("rule catalogue 256 KiB (facts + rules)", iterations: 20) {
    _ = RuleCatalogue.standard.check(LintContext(ruleset: checked, now: Date()))
  }
  let context = LintContext(ruleset: checked, now: Date())
  _ = RuleCatalogue.standard.check(context)
  let work = context.statistics
  print(
    "rule catalogue work: \(work.callInstances) call instances, \(work.inlinedNodes) nodes followed through "
      + "calls (budget \(LintLimits.maximumInlinedNodes)), \(work.factWalks) fact walks, \(work.foldedExpressions) expressions folded"
  )
}
