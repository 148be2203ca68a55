import Foundation
import RulesSemantics
import RulesSyntax

/// The lint rules a run can use, looked up by code or name. A value: build one with any rules,
/// or use ``standard``.
public struct RuleCatalogue: Sendable {
  /// The rules in code order.
  public let rules: [any LintRule]
  /// Each rule's position in ``rules`` by code and by name (the first, should two share one),
  /// for lookups once per finding or suppression.
  private let byCode: [String: Int]
  private let byName: [String: Int]

  public init(rules: [any LintRule]) {
    let sorted = rules.sorted { $0.descriptor.code < $1.descriptor.code }
    self.rules = sorted
    self.byCode = Dictionary(sorted.indices.map { (sorted[$0].descriptor.code, $0) }) { first, _ in first }
    self.byName = Dictionary(sorted.indices.map { (sorted[$0].descriptor.name, $0) }) { first, _ in first }
  }

  /// Every rule rulescheck ships.
  public static let standard = RuleCatalogue(rules: StandardRules.all)

  /// The rules that decide requests with the evaluator (``LintContext/accessFacts``): most of a
  /// large file's lint time, so the language server publishes a first pass without them and
  /// the benchmarks time the catalogue with and without them.
  public static let evaluatorBackedCodes = ["RC113", "RC114", "RC312", "RC313", "RC314"]

  /// The descriptors in code order.
  public var descriptors: [RuleDescriptor] { rules.map(\.descriptor) }

  /// The rule whose code (`RC301`, any case) or name (`public-write`) is `key`.
  public func rule(_ key: String) -> (any LintRule)? {
    let found = [byCode[key.uppercased()], byName[key]].compactMap { $0 }.min()
    return found.map { rules[$0] }
  }

  /// The descriptor of the rule named by `key` (code or name).
  public func descriptor(_ key: String) -> RuleDescriptor? { rule(key)?.descriptor }

  /// The findings of the rules `isEnabled` accepts, each with its default severity;
  /// `concurrentFacts` as for ``check(_:isEnabled:concurrentFacts:)``, with the
  /// evaluator-backed rules run after the others while their facts are decided (the findings
  /// are the same, in the same order).
  public func check(
    _ ruleset: CheckedRuleset, now: Date, isEnabled: (RuleDescriptor) -> Bool = \.isEnabledByDefault,
    concurrentFacts: Bool = false
  ) -> [Diagnostic] {
    let prefetching = concurrentFacts && asksForAccessFacts(isEnabled: isEnabled)
    let enabled = rules.filter { isEnabled($0.descriptor) }
    // With the second thread, the rules that wait for the access facts run after the others,
    // which keep this thread busy meanwhile; the thread deciding them takes rules too once
    // they are stored. The findings keep the catalogue's order.
    let share = SharedRuleRun(enabled, order: Self.order(enabled, evaluatorBackedLast: prefetching))
    // Started before the context computes the facts the other rules share, so both run at once.
    let context = LintContext(
      ruleset: ruleset, now: now, prefetchingAccessFacts: prefetching, thenRunning: { share.help() })
    var findings = collected(share.run(on: context), on: context)
    if prefetching && context.sharedBudgetsRanShort {
      // What a shared budget left to each rule depended on the order they ran in: run them
      // again on a fresh context in the catalogue's order, as without the second thread.
      findings = check(LintContext(ruleset: ruleset, now: now), isEnabled: isEnabled)
    }
    // Nothing is left running; with a core to spare, the context is freed there while the
    // caller goes on.
    context.finishPrefetch()
    if concurrentFacts { BackgroundRelease.release(consume context) }
    return findings
  }

  /// Whether a rule `isEnabled` accepts reads ``LintContext/accessFacts``.
  private func asksForAccessFacts(isEnabled: (RuleDescriptor) -> Bool) -> Bool {
    rules.contains { isEnabled($0.descriptor) && Self.evaluatorBackedCodes.contains($0.descriptor.code) }
  }

  /// The findings of the rules `isEnabled` accepts on the file behind `context`, then the
  /// note that the analysis budget was reached, if it was.
  ///
  /// With `concurrentFacts`, when an evaluator-backed rule (``evaluatorBackedCodes``) is
  /// enabled, its facts (``LintContext/accessFacts``) are decided on another thread while the
  /// rules before it run, unless the context started them already (``AccessFactsPrefetch``):
  /// the findings are the same, sooner on a machine with a core to spare. Nothing is left
  /// running when this returns.
  public func check(
    _ context: LintContext, isEnabled: (RuleDescriptor) -> Bool = \.isEnabledByDefault,
    concurrentFacts: Bool = false
  ) -> [Diagnostic] {
    if concurrentFacts, asksForAccessFacts(isEnabled: isEnabled) { context.prefetchAccessFacts() }
    defer { context.finishPrefetch() }
    return run(rules.filter { isEnabled($0.descriptor) }, on: context)
  }

  /// The findings of `rules` on `context`, in their order, then the note that the analysis
  /// budget was reached, if it was.
  private func run(_ rules: [any LintRule], on context: LintContext) -> [Diagnostic] {
    collected(SharedRuleRun(rules, order: Array(rules.indices)).run(on: context), on: context)
  }

  /// Each rule's `reports` in order, then the notes of the budgets `context` reached.
  private func collected(_ reports: [[Diagnostic]], on context: LintContext) -> [Diagnostic] {
    reports.flatMap { $0 } + context.budgetNotes()
  }

  /// The positions of `rules` in catalogue order, with `evaluatorBackedLast` the
  /// evaluator-backed rules moved after the others.
  private static func order(_ rules: [any LintRule], evaluatorBackedLast: Bool) -> [Int] {
    let later = rules.indices.filter { evaluatorBackedLast && isEvaluatorBacked(rules[$0]) }
    return rules.indices.filter { !later.contains($0) } + later
  }

  private static func isEvaluatorBacked(_ rule: any LintRule) -> Bool {
    evaluatorBackedCodes.contains(rule.descriptor.code)
  }
}
