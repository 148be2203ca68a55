import RulesEvaluator
import RulesSemantics
import RulesSyntax

extension LintContext {
  /// The value `expression` has for every request, as the evaluator computes it
  /// (``ConstantFolder``: the evaluator's own values, operators, built-ins and budget), so lint
  /// and `simulate` agree on it. Parameters and `let` names are read through `bindings`.
  ///
  /// Nil when the value depends on the request. `x || true` is true whatever `x` is; calls of
  /// user functions whose result does not depend on the request are constant. An error value
  /// (`1 / 0`, `int('x')`, `timestamp.date(2025, 13, 1)`) means evaluating it always fails.
  ///
  /// Each expression is folded once per call instance and file: a `let` read eight times by the
  /// next one, ten deep, folds ten times, not eight to the tenth.
  public func constant(_ expression: Expression, _ bindings: Bindings = Bindings()) -> Value? {
    let key = BoundKey(expression, bindings)
    if let known = memo.state.withLock({ $0.constants[key] }) { return known }
    // The locals an expression reads are folded before it, depth first without recursion.
    var pending: [Bound] = [Bound(expression: expression, bindings: bindings)]
    var started: Set<BoundKey> = []
    // `expression` was looked up just now: the first turn need not look again.
    var lookedUp = true
    while let top = pending.last {
      let topKey = top.key
      if !lookedUp, memo.state.withLock({ $0.constants[topKey] }) != nil {
        pending.removeLast()
        continue
      }
      lookedUp = false
      let (read, readBindings) = dereference(top.expression, top.bindings)
      // Outside any function (a condition's own bindings) no name is bound: nothing to look for.
      let locals =
        readBindings.bindsNames
        ? localNames(in: read).compactMap { name in readBindings.value(of: name).map { (name, $0) } } : []
      let unfolded = locals.filter { _, bound in memo.state.withLock { $0.constants[bound.key] } == nil }
      if !unfolded.isEmpty && started.insert(topKey).inserted {
        pending += unfolded.map(\.1).reversed()
        continue
      }
      var values: [ResolvedName: Value] = [:]
      for (name, bound) in locals {
        if case .some(.some(let value)) = memo.state.withLock({ $0.constants[bound.key] }) {
          values[name] = value
        }
      }
      let value = constantFolder.value(of: read, locals: values)
      let stored = memo.state.withLock { state -> Value? in
        let (inserted, stored) = state.constants.insert(value, for: topKey)
        if inserted { state.statistics.foldedExpressions += 1 }
        return stored
      }
      pending.removeLast()
      // The bottom of the stack is `expression` itself.
      if pending.isEmpty { return stored }
    }
    return memo.state.withLock { $0.constants[key] } ?? nil
  }

  /// The boolean value of `expression` when it is constant.
  public func constantBool(_ expression: Expression, _ bindings: Bindings = Bindings()) -> Bool? {
    guard case .bool(let value)? = constant(expression, bindings) else { return nil }
    return value
  }

  /// The string value of `expression` when it is constant.
  public func constantString(_ expression: Expression, _ bindings: Bindings = Bindings()) -> String? {
    guard case .string(let value)? = constant(expression, bindings) else { return nil }
    return value
  }

  /// The parameters and `let` names `expression` reads, not following calls.
  private func localNames(in expression: Expression) -> Set<ResolvedName> {
    var names: Set<ResolvedName> = []
    var pending = [expression]
    while let next = pending.popLast() {
      switch resolution(of: next) {
      case let name? where name.isLocal: names.insert(name)
      case nil: next.forEachChildReversed { pending.append($0) }
      default: break
      }
    }
    return names
  }
}

extension ResolvedName {
  /// Whether this is a parameter or a `let` name of a function.
  var isLocal: Bool {
    switch self {
    case .parameter, .letBinding: true
    case .wildcard, .global: false
    }
  }
}
