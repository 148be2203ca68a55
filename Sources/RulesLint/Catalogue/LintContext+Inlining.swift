import RulesSemantics
import RulesSyntax

extension LintContext {
  /// Calls `visit` for `expression` and every sub-expression, parents first. At a call of a
  /// user function it goes on into the function's `let` values and `return` expression, with
  /// the parameters bound to the call's arguments; it never enters a function already being
  /// followed, nor goes deeper than ``maximumInliningDepth`` calls.
  ///
  /// A call instance (the same function with the same arguments) is entered once per walk, so
  /// helpers that call helpers twice over cost what their text costs. What it enters counts
  /// against the file's budget (``LintLimits/maximumInlinedNodes``); once that is spent no
  /// call is entered and ``budgetNotes()`` says so.
  public func forEachNode(
    _ expression: Expression, bindings: Bindings = Bindings(), _ visit: (Expression, Bindings) -> Void
  ) {
    enum Step {
      case node(Expression, Bindings)
      case enter(Expression, Bindings)
    }
    var entered = EnteredInstances()
    var pending: [Step] = [.node(expression, bindings)]
    while let step = pending.popLast() {
      switch step {
      case .node(let node, let bindings):
        visit(node, bindings)
        // Children first, then (once they are done) the called function's body.
        if case .call = node.kind { pending.append(.enter(node, bindings)) }
        node.forEachChildReversed { pending.append(.node($0, bindings)) }
      case .enter(let call, let bindings):
        guard let instance = instance(for: call, bindings), entered.insert(instance.id),
          spend(instance)
        else { continue }
        for body in instance.bodies.reversed() { pending.append(.node(body, instance.bindings)) }
      }
    }
  }

  /// The direct sub-expressions of `expression`, in source order.
  public func children(of expression: Expression) -> [Expression] { expression.children }

  /// The return expression of a called user function with the bindings it is read with, if
  /// the call may be followed (see ``forEachNode(_:bindings:_:)``) and the budget allows it.
  public func inlinedBody(of call: Expression, bindings: Bindings) -> (Expression, Bindings)? {
    guard let instance = instance(for: call, bindings), let body = instance.bodies.last, spend(instance)
    else {
      return nil
    }
    return (body, instance.bindings)
  }

  /// `expression` with parameters and `let` names replaced by what they are bound to, as far
  /// as the bindings know.
  public func dereference(_ expression: Expression, _ bindings: Bindings) -> (Expression, Bindings) {
    guard case .identifier = expression.kind else { return (expression, bindings) }
    var current = (expression, bindings)
    for _ in 0..<64 {
      guard let name = resolution(of: current.0), name.isLocal, let bound = current.1.value(of: name) else {
        break
      }
      current = (bound.expression, bound.bindings)
    }
    return current
  }

  /// The call instance a call of a user function read with `bindings` enters, made on first
  /// use; nil for other calls, a function already being followed, a call deeper than
  /// ``maximumInliningDepth``, or a function without a `return`.
  func instance(for call: Expression, _ bindings: Bindings) -> CallInstance? {
    // A call read in one call instance always enters the same instance: look it up by the pair.
    let site = BoundKey(call, bindings)
    if let known = memo.state.withLock({ state in state.callTargets[site].map { state.instances[$0 - 1] } }) {
      return known.bodies.isEmpty ? nil : known
    }
    guard case .call(_, let arguments) = call.kind, let function = calledFunction(call),
      !bindings.callStack.contains(function), bindings.depth < Self.maximumInliningDepth
    else { return nil }
    let declaration = functions[function].declaration
    let bound = declaration.parameters.indices.prefix(arguments.count).map { index in
      let (argument, argumentBindings) = dereference(arguments[index], bindings)
      return Bound(expression: argument, bindings: argumentBindings)
    }
    let key = CallInstance.Key(function: function, arguments: bound.map(\.key))
    let made = memo.state.withLock { state -> CallInstance in
      if let id = state.instanceIDs[key] {
        state.callTargets[site] = id
        return state.instances[id - 1]
      }
      let id = state.instances.count + 1
      var lets: [Expression] = []
      var returned: Expression?
      for statement in declaration.body {
        switch statement.kind {
        case .letBinding(_, let value):
          lets.append(value)
        case .returnStatement(let value):
          if returned == nil { returned = value }
        }
      }
      let inner = Bindings(
        BindingFrame(
          instance: id, function: function, callStack: bindings.callStack + [function], parameters: bound,
          lets: lets))
      let bodies = returned.map { lets + [$0] } ?? []
      let instance = CallInstance(
        id: id, function: function, bindings: inner, bodies: bodies, size: functionSizes[function])
      state.instanceIDs[key] = id
      state.callTargets[site] = id
      state.instances.append(instance)
      state.statistics.callInstances += 1
      return instance
    }
    return made.bodies.isEmpty ? nil : made
  }

  /// Counts walking `instance` against the file's budget; false once it is spent.
  func spend(_ instance: CallInstance) -> Bool {
    memo.state.withLock { state in
      guard state.budgetReachedIn == nil, instance.size <= state.remainingBudget else {
        if state.budgetReachedIn == nil { state.budgetReachedIn = instance.function }
        return false
      }
      state.remainingBudget -= instance.size
      state.statistics.inlinedNodes += instance.size
      return true
    }
  }
}
