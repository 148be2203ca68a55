import RulesSemantics
import RulesSyntax

/// The check shared by ``PublicWrite`` and ``PublicRead``.
enum UnconditionalGrant {
  static func report(
    _ context: LintContext, methods: Set<RequestMethod>, into report: inout RuleReport
  ) {
    for allow in context.allows where !allow.methods.isDisjoint(with: methods) {
      let verb = { LintContext.spoken(allow.methods.intersection(methods)) }
      let pattern = { context.patternText(allow.fullPattern) }
      if let condition = allow.condition {
        guard context.constantBool(condition) == true else { continue }
        report.report(
          "condition is always true: anyone can \(verb()) objects matching \(pattern())",
          at: context.alwaysTrueCause(condition).range)
      } else if let range = allow.namesRange(granting: methods) {
        report.report(
          "no condition: anyone, signed in or not, can \(verb()) objects matching \(pattern())", at: range)
      }
    }
  }
}
