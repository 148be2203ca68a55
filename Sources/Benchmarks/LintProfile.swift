import Foundation
import RulesLint
import RulesSemantics
import RulesSyntax

/// `rulescheck-bench --lint-profile`: where the rule catalogue's time goes on the generated
/// file. Each rule is timed alone on a fresh context (what it costs with nobody's facts to
/// share), then the whole catalogue in order on one context (what each rule adds).
func benchmarkLintProfile(_ source: SourceFile) {
  let checked = SemanticAnalyzer.analyze(source)
  let clock = ContinuousClock()
  func ms(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
  }
  var alone: [(String, Double)] = []
  for rule in RuleCatalogue.standard.rules {
    var best = Double.infinity
    for _ in 0..<5 {
      let context = LintContext(ruleset: checked, now: Date())
      var report = RuleReport(id: rule.descriptor.id)
      best = min(best, ms(clock.measure { rule.check(context, report: &report) }))
    }
    alone.append((rule.descriptor.code, best))
  }
  var shared: [String: Double] = [:]
  for _ in 0..<5 {
    let context = LintContext(ruleset: checked, now: Date())
    for rule in RuleCatalogue.standard.rules {
      var report = RuleReport(id: rule.descriptor.id)
      let time = ms(clock.measure { rule.check(context, report: &report) })
      shared[rule.descriptor.code] = min(shared[rule.descriptor.code] ?? .infinity, time)
    }
  }
  print("lint profile (ms, best of 5): rule, alone on a fresh context, in catalogue order on a shared one")
  for (code, time) in alone.sorted(by: { $0.1 > $1.1 }) {
    print("  \(code) \(String(format: "%7.2f", time)) \(String(format: "%7.2f", shared[code] ?? 0))")
  }
  print(
    "  total \(String(format: "%7.2f", alone.reduce(0) { $0 + $1.1 })) "
      + String(format: "%7.2f", shared.values.reduce(0, +)))
  // The two threads of a full lint, each alone: the evaluator-backed facts (the second
  // thread), and the shared facts with every other rule (the calling thread).
  var factsTimes: [Double] = []
  var othersTimes: [Double] = []
  var contextTimes: [Double] = []
  let others = RuleCatalogue.standard.rules.filter {
    !RuleCatalogue.evaluatorBackedCodes.contains($0.descriptor.code)
  }
  for _ in 0..<11 {
    let context = LintContext(ruleset: checked, now: Date())
    factsTimes.append(ms(clock.measure { _ = context.accessFacts }))
    contextTimes.append(ms(clock.measure { _ = LintContext(ruleset: checked, now: Date()) }))
    othersTimes.append(
      ms(
        clock.measure {
          let context = LintContext(ruleset: checked, now: Date())
          for rule in others {
            var report = RuleReport(id: rule.descriptor.id)
            rule.check(context, report: &report)
          }
        }))
  }
  print(
    "lint threads (ms, median of 11): evaluator-backed facts "
      + String(format: "%.2f", factsTimes.sorted()[5]) + ", shared facts and the other rules "
      + String(format: "%.2f", othersTimes.sorted()[5]) + " (of which the shared facts "
      + String(format: "%.2f", contextTimes.sorted()[5]) + ")")
}
