import RulesSyntax

extension LintContext {
  /// Whether `allow` grants without looking at the request: no condition, or a condition
  /// that is always true.
  public func grantsUnconditionally(_ allow: LintAllow) -> Bool {
    guard let condition = allow.condition else { return true }
    return constantBool(condition) == true
  }

  /// Whether `allow` can never grant: its condition is always false.
  public func neverGrants(_ allow: LintAllow) -> Bool {
    guard let condition = allow.condition else { return false }
    return constantBool(condition) == false
  }

  /// The part of an always-true `condition` that makes it so: the first always-true operand
  /// of an `||`, followed down; otherwise the whole condition.
  public func alwaysTrueCause(_ condition: Expression, _ bindings: Bindings = Bindings()) -> Expression {
    guard case .binary(.logicalOr, let left, let right) = condition.kind else { return condition }
    if constantBool(left, bindings) == true { return alwaysTrueCause(left, bindings) }
    if constantBool(right, bindings) == true { return alwaysTrueCause(right, bindings) }
    return condition
  }

  /// Every `==`, `!=`, `<`, `<=`, `>`, `>=` and `in` within `expression`, following calls.
  public func comparisons(in expression: Expression, _ bindings: Bindings = Bindings()) -> [Comparison] {
    facts(expression, bindings).comparisons
  }

  /// The access paths read by `expression`, keeping only the longest read at each position
  /// (`request.auth.uid`, not also `request.auth` and `request`).
  public func outermostAccesses(
    in expression: Expression, _ bindings: Bindings = Bindings()
  ) -> [(path: AccessPath, range: SourceRange)] {
    let all = accessPaths(in: expression, bindings)
    var longest: [Int: Int] = [:]
    for (_, range) in all { longest[range.start] = max(longest[range.start] ?? range.end, range.end) }
    return all.filter { longest[$0.range.start] == $0.range.end }
  }

  /// Whether `expression` is always `null` (after following bindings).
  public func isNull(_ expression: Expression, _ bindings: Bindings) -> Bool {
    guard case .null? = constant(expression, bindings) else { return false }
    return true
  }
}
