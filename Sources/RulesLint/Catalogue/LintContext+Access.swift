import RulesSemantics
import RulesSyntax

extension LintContext {
  /// The access path `expression` reads (`request.auth.uid`, `resource.metadata['k']`, a
  /// wildcard), following parameters and `let` names to what they are bound to.
  public func accessPath(_ expression: Expression, _ bindings: Bindings = Bindings()) -> AccessPath? {
    let (expression, bindings) = dereference(expression, bindings)
    switch expression.kind {
    case .identifier:
      switch resolution(of: expression) {
      case .global(let name)?: return AccessPath(root: .global(name))
      case .wildcard(let name)?: return AccessPath(root: .wildcard(name))
      default: return nil
      }
    case .member(let base, let name):
      guard var path = accessPath(base, bindings) else { return nil }
      path.members.append(name.name)
      return path
    case .index(let base, let index):
      guard case .string(let key)? = constant(index, bindings), var path = accessPath(base, bindings) else {
        return nil
      }
      path.members.append(key)
      return path
    default:
      return nil
    }
  }

  /// Every access path read within `expression` (following calls into user functions), with
  /// the range it is read at. A method call's name is not a field: `x.matches(p)` reads `x`.
  public func accessPaths(
    in expression: Expression, _ bindings: Bindings = Bindings()
  ) -> [(path: AccessPath, range: SourceRange)] {
    guard bindings.isEmpty else { return collectAccessPaths(in: expression, bindings) }
    if let cached = accessPathCache.withLock({ $0[expression.range] }) { return cached }
    let found = collectAccessPaths(in: expression, bindings)
    accessPathCache.withLock { $0[expression.range] = found }
    return found
  }

  private func collectAccessPaths(
    in expression: Expression, _ bindings: Bindings
  ) -> [(path: AccessPath, range: SourceRange)] {
    var found: [(path: AccessPath, range: SourceRange)] = []
    var methodCallees: Set<SourceRange> = []
    forEachNode(expression, bindings: bindings) { node, bindings in
      switch node.kind {
      case .call(let callee, _):
        if case .member = callee.kind { methodCallees.insert(callee.range) }
      case .identifier, .index:
        if let path = accessPath(node, bindings) { found.append((path, node.range)) }
      case .member:
        guard !methodCallees.contains(node.range), let path = accessPath(node, bindings) else { return }
        found.append((path, node.range))
      default:
        break
      }
    }
    return found
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
    var found: [(call: Expression, bindings: Bindings)] = []
    forEachNode(expression, bindings: bindings) { node, bindings in
      guard case .call(let callee, _) = node.kind, case .member(let base, let name) = callee.kind,
        names.contains(name.name), resolution(of: base) == .global(namespace)
      else { return }
      found.append((node, bindings))
    }
    return found
  }
}
