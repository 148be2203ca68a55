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
  public func constant(_ expression: Expression, _ bindings: Bindings = Bindings()) -> Value? {
    guard bindings.isEmpty else {
      var known: [ResolvedName: Value?] = [:]
      return fold(expression, bindings, &known)
    }
    if let cached = constantCache.withLock({ $0[expression.range] }) { return cached }
    var known: [ResolvedName: Value?] = [:]
    let value = fold(expression, bindings, &known)
    constantCache.withLock { $0[expression.range] = .some(value) }
    return value
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

  /// `expression`'s constant value, with the locals it reads folded first. `known` holds the
  /// locals folded so far: within one fold each name is bound to one expression, since the
  /// bindings of a walk form a single chain of calls without repeats.
  private func fold(
    _ expression: Expression, _ bindings: Bindings, _ known: inout [ResolvedName: Value?]
  ) -> Value? {
    let (expression, bindings) = dereference(expression, bindings)
    var locals: [ResolvedName: Value] = [:]
    if !bindings.isEmpty {
      for name in localNames(in: expression) {
        guard let bound = bindings.values[name] else { continue }
        let value: Value?
        if let folded = known[name] {
          value = folded
        } else {
          value = fold(bound.expression, bound.bindings, &known)
          known[name] = .some(value)
        }
        if let value { locals[name] = value }
      }
    }
    return constantFolder.value(of: expression, locals: locals)
  }

  /// The parameters and `let` names `expression` reads, not following calls.
  private func localNames(in expression: Expression) -> Set<ResolvedName> {
    var names: Set<ResolvedName> = []
    var pending = [expression]
    while let next = pending.popLast() {
      switch resolution(of: next) {
      case let name? where name.isLocal: names.insert(name)
      case nil: pending += children(of: next)
      default: break
      }
    }
    return names
  }
}

extension ResolvedName {
  /// Whether this is a parameter or a `let` name of a function.
  fileprivate var isLocal: Bool {
    switch self {
    case .parameter, .letBinding: true
    case .wildcard, .global: false
    }
  }
}
