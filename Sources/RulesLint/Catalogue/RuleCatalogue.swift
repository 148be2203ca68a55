import Foundation
import RulesSemantics
import RulesSyntax

/// The lint rules a run can use, looked up by code or name. A value: build one with any rules,
/// or use ``standard``.
public struct RuleCatalogue: Sendable {
  /// The rules in code order.
  public let rules: [any LintRule]

  public init(rules: [any LintRule]) {
    self.rules = rules.sorted { $0.descriptor.code < $1.descriptor.code }
  }

  /// Every rule rulescheck ships.
  public static let standard = RuleCatalogue(rules: StandardRules.all)

  /// The descriptors in code order.
  public var descriptors: [RuleDescriptor] { rules.map(\.descriptor) }

  /// The rule whose code (`RC301`, any case) or name (`public-write`) is `key`.
  public func rule(_ key: String) -> (any LintRule)? {
    let upper = key.uppercased()
    return rules.first { $0.descriptor.code == upper || $0.descriptor.name == key }
  }

  /// The descriptor of the rule named by `key` (code or name).
  public func descriptor(_ key: String) -> RuleDescriptor? { rule(key)?.descriptor }

  /// The findings of the rules `isEnabled` accepts, each with its default severity.
  public func check(
    _ ruleset: CheckedRuleset, now: Date, isEnabled: (RuleDescriptor) -> Bool = \.isEnabledByDefault
  ) -> [Diagnostic] {
    let context = LintContext(ruleset: ruleset, now: now)
    var findings: [Diagnostic] = []
    for rule in rules where isEnabled(rule.descriptor) {
      var report = RuleReport(id: rule.descriptor.id)
      rule.check(context, report: &report)
      findings += report.diagnostics
    }
    return findings
  }
}
