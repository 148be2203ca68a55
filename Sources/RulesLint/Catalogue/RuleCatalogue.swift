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
  /// `concurrentFacts` as for ``check(_:isEnabled:concurrentFacts:)``.
  public func check(
    _ ruleset: CheckedRuleset, now: Date, isEnabled: (RuleDescriptor) -> Bool = \.isEnabledByDefault,
    concurrentFacts: Bool = false
  ) -> [Diagnostic] {
    // Started before the context computes the facts the other rules share, so both run at once.
    let context = LintContext(
      ruleset: ruleset, now: now,
      prefetchingAccessFacts: concurrentFacts && asksForAccessFacts(isEnabled: isEnabled))
    let findings = check(context, isEnabled: isEnabled, concurrentFacts: concurrentFacts)
    // With a core to spare, the context is freed there while the caller goes on.
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
    let enabled = rules.filter { isEnabled($0.descriptor) }
    if concurrentFacts, asksForAccessFacts(isEnabled: isEnabled) { context.prefetchAccessFacts() }
    defer { context.finishPrefetch() }
    var findings: [Diagnostic] = []
    for rule in enabled {
      var report = RuleReport(id: rule.descriptor.id)
      rule.check(context, report: &report)
      findings += report.diagnostics
    }
    return findings + context.budgetNotes()
  }
}
