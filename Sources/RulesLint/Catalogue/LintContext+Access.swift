import RulesSemantics
import RulesSyntax

extension LintContext {
  /// The access path `expression` reads (`request.auth.uid`, `resource.metadata['k']`, a
  /// wildcard), following parameters and `let` names to what they are bound to.
  public func accessPath(_ expression: Expression, _ bindings: Bindings = Bindings()) -> AccessPath? {
    var members: [String] = []
    var (current, currentBindings) = dereference(expression, bindings)
    while true {
      switch current.kind {
      case .identifier:
        let root: AccessPath.Root
        switch resolution(of: current) {
        case .global(let name)?: root = .global(name)
        case .wildcard(let name)?: root = .wildcard(name)
        default: return nil
        }
        return AccessPath(root: root, members: members.reversed())
      case .member(let base, let name):
        members.append(name.name)
        (current, currentBindings) = dereference(base, currentBindings)
      case .index(let base, let index):
        guard case .string(let key)? = constant(index, currentBindings) else { return nil }
        members.append(key)
        (current, currentBindings) = dereference(base, currentBindings)
      default:
        return nil
      }
    }
  }

  /// Every access path read within `expression` (following calls into user functions), with
  /// the range it is read at. A method call's name is not a field: `x.matches(p)` reads `x`.
  public func accessPaths(
    in expression: Expression, _ bindings: Bindings = Bindings()
  ) -> [(path: AccessPath, range: SourceRange)] {
    facts(expression, bindings).accessPaths
  }

  /// Whether anything within `expression` reads a path satisfying `predicate`.
  public func reads(
    _ expression: Expression, _ bindings: Bindings = Bindings(), where predicate: (AccessPath) -> Bool
  ) -> Bool {
    accessPaths(in: expression, bindings).contains { predicate($0.path) }
  }

  /// Every call of the built-in `namespace.function` within `expression`, following calls.
  public func builtinCalls(
    _ namespace: String, _ names: Set<String>, in expression: Expression, _ bindings: Bindings = Bindings()
  ) -> [(call: Expression, bindings: Bindings)] {
    facts(expression, bindings).calls.filter { call, _ in
      guard case .call(let callee, _) = call.kind, case .member(let base, let name) = callee.kind else {
        return false
      }
      return names.contains(name.name) && resolution(of: base) == .global(namespace)
    }
  }

  /// Every call of a built-in function or method within `expression` (not of a user
  /// function), following calls, with the bindings each is read with.
  public func builtinAndMethodCalls(
    in expression: Expression, _ bindings: Bindings = Bindings()
  ) -> [(call: Expression, bindings: Bindings)] {
    facts(expression, bindings).calls
  }

  /// The facts of `expression` read with `bindings`, collected by one walk per file.
  func facts(_ expression: Expression, _ bindings: Bindings) -> ExpressionFacts {
    let key = BoundKey(expression, bindings)
    if let known = state.withLock({ $0.facts[key] }) { return known }
    var facts = ExpressionFacts()
    var methodCallees: Set<SourceRange> = []
    forEachNode(expression, bindings: bindings) { node, bindings in
      switch node.kind {
      case .call(let callee, _):
        if case .member = callee.kind { methodCallees.insert(callee.range) }
        if calledFunction(node) == nil { facts.calls.append((node, bindings)) }
      case .identifier, .index:
        if let path = accessPath(node, bindings) { facts.accessPaths.append((path, node.range)) }
      case .member:
        guard !methodCallees.contains(node.range), let path = accessPath(node, bindings) else { return }
        facts.accessPaths.append((path, node.range))
      case .binary(let op, let left, let right):
        switch op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .membership:
          facts.comparisons.append(
            Comparison(op: op, left: left, right: right, range: node.range, bindings: bindings))
        default:
          break
        }
      default:
        break
      }
    }
    return state.withLock { state in
      if let known = state.facts[key] { return known }
      state.facts[key] = facts
      state.statistics.factWalks += 1
      return facts
    }
  }
}
