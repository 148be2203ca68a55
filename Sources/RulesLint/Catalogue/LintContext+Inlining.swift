import RulesSemantics
import RulesSyntax

extension LintContext {
  /// Calls `visit` for `expression` and every sub-expression, parents first. At a call of a
  /// user function it goes on into the function's `let` values and `return` expression, with
  /// the parameters bound to the call's arguments; it never enters a function already being
  /// followed, nor goes deeper than ``maximumInliningDepth`` calls, and after
  /// ``maximumInlinedNodes`` nodes inside functions it stops entering them (helpers that call
  /// helpers twice over would otherwise take exponential time).
  public func forEachNode(
    _ expression: Expression, bindings: Bindings = Bindings(), _ visit: (Expression, Bindings) -> Void
  ) {
    var budget = Self.maximumInlinedNodes
    walk(expression, bindings, budget: &budget, visit)
  }

  /// The most nodes inside called functions one ``forEachNode(_:bindings:_:)`` visits.
  public static let maximumInlinedNodes = 20_000

  private func walk(
    _ expression: Expression, _ bindings: Bindings, budget: inout Int, _ visit: (Expression, Bindings) -> Void
  ) {
    visit(expression, bindings)
    if bindings.depth > 0 { budget -= 1 }
    for child in children(of: expression) { walk(child, bindings, budget: &budget, visit) }
    guard budget > 0 else { return }
    for bound in inline(expression, bindings: bindings) {
      walk(bound.expression, bound.bindings, budget: &budget, visit)
    }
  }

  /// The direct sub-expressions of `expression`, in source order.
  public func children(of expression: Expression) -> [Expression] {
    switch expression.kind {
    case .null, .bool, .integer, .float, .string, .bytes, .identifier, .missing: []
    case .list(let elements): elements
    case .map(let entries): entries.flatMap { [$0.key, $0.value] }
    case .path(let path):
      path.segments.compactMap { segment in
        if case .interpolation(let inner) = segment.kind { return inner }
        return nil
      }
    case .member(let base, _): [base]
    case .call(let callee, let arguments): [callee] + arguments
    case .index(let base, let index): [base, index]
    case .range(let base, let lower, let upper): [base] + [lower, upper].compactMap { $0 }
    case .unary(_, let operand): [operand]
    case .binary(_, let left, let right): [left, right]
    case .isType(let value, _): [value]
    case .ternary(let condition, let then, let otherwise): [condition, then, otherwise]
    }
  }

  /// For a call of a user function that may be followed: its `let` values and then its
  /// `return` expression (last), each with the bindings it is read with.
  func inline(_ call: Expression, bindings: Bindings) -> [Bound] {
    guard case .call(_, let arguments) = call.kind, let function = calledFunction(call),
      !bindings.callStack.contains(function), bindings.depth < Self.maximumInliningDepth
    else { return [] }
    var inner = bindings.entering(function)
    let declaration = functions[function].declaration
    for index in declaration.parameters.indices where index < arguments.count {
      inner.values[.parameter(function: function, index: index)] = Bound(
        expression: arguments[index], bindings: bindings)
    }
    var body: [Bound] = []
    var letIndex = 0
    var returned: Expression?
    for statement in declaration.body {
      switch statement.kind {
      case .letBinding(_, let value):
        body.append(Bound(expression: value, bindings: inner))
        inner.values[.letBinding(function: function, index: letIndex)] = Bound(
          expression: value, bindings: inner)
        letIndex += 1
      case .returnStatement(let value):
        if returned == nil { returned = value }
      }
    }
    guard let returned else { return [] }
    body.append(Bound(expression: returned, bindings: inner))
    return body
  }

  /// The return expression of a called user function with the bindings it is read with.
  public func inlinedBody(of call: Expression, bindings: Bindings) -> (Expression, Bindings)? {
    guard let last = inline(call, bindings: bindings).last else { return nil }
    return (last.expression, last.bindings)
  }

  /// `expression` with parameters and `let` names replaced by what they are bound to, as far
  /// as the bindings know.
  public func dereference(_ expression: Expression, _ bindings: Bindings) -> (Expression, Bindings) {
    var current = (expression, bindings)
    for _ in 0..<64 {
      guard let name = resolution(of: current.0), let bound = current.1.values[name] else { break }
      current = (bound.expression, bound.bindings)
    }
    return current
  }
}
