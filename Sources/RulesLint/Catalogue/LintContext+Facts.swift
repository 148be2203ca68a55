import RulesSemantics
import RulesSyntax

extension LintContext {
  /// The facts of `allow`'s condition, computed before any rule ran.
  public func facts(for allow: LintAllow) -> AllowFacts {
    precomputed.allows.indices.contains(allow.index) ? precomputed.allows[allow.index] : .empty
  }

  /// Every call of `matches`, `replace` or `split` reachable from the `allow` conditions, in
  /// walk order, each call instance once.
  public var regexCalls: [RegexCall] { precomputed.regexCalls }

  /// Every read below `request.auth` (`request.auth.uid`, `request.auth.token.email`) made where
  /// the user is not known to be signed in, in walk order; a read reached along several paths
  /// may appear more than once.
  public var authReads: [(path: AccessPath, range: SourceRange)] { precomputed.authReads }

  /// The facts of `expression` read with `bindings`, collected by one walk per file.
  func facts(_ expression: Expression, _ bindings: Bindings) -> ExpressionFacts {
    let key = BoundKey(expression, bindings)
    if let known = memo.state.withLock({ $0.facts[key] }) { return known }
    let facts = collectFacts(expression, bindings)
    return memo.state.withLock { state in
      if let known = state.facts[key] { return known }
      state.facts[key] = facts
      state.statistics.factWalks += 1
      return facts
    }
  }

  /// One walk of `expression` (``forEachNode(_:bindings:_:)``) collecting its facts.
  ///
  /// A chain such as `request.resource.size` is resolved once, at its top: the walk visits a
  /// member's or index's base right after it, and the base's path is the top's without its last
  /// field; a comparison's sides, resolved for ``Comparison``, are not resolved again. The paths
  /// already known wait on a stack, in the order the walk (depth first) reaches their nodes.
  /// Likewise a method call's callee, visited right after the call, is not a field read.
  private func collectFacts(_ expression: Expression, _ bindings: Bindings) -> ExpressionFacts {
    var facts = ExpressionFacts()
    var callee: SourceRange?
    var expected: [(range: SourceRange, instance: Int, path: AccessPath)] = []
    forEachNode(expression, bindings: bindings) { node, bindings in
      var known: AccessPath?
      if let top = expected.last, top.range == node.range, top.instance == bindings.instance {
        known = top.path
        expected.removeLast()
      }
      let isCallee = callee == node.range
      callee = nil
      switch node.kind {
      case .call(let function, _):
        if case .member = function.kind { callee = function.range }
        if calledFunction(node) == nil { facts.calls.append((node, bindings)) }
      case .identifier:
        if let path = known ?? accessPath(node, bindings) { facts.accessPaths.append((path, node.range)) }
      case .member(let inner, _), .index(let inner, _):
        guard !isCallee, let path = known ?? accessPath(node, bindings) else { return }
        facts.accessPaths.append((path, node.range))
        expected.append((inner.range, bindings.instance, path.droppingLast()))
      case .binary(let op, let left, let right):
        switch op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .membership:
          let leftPath = accessPath(left, bindings)
          let rightPath = accessPath(right, bindings)
          if let rightPath { expected.append((right.range, bindings.instance, rightPath)) }
          if let leftPath { expected.append((left.range, bindings.instance, leftPath)) }
          facts.comparisons.append(
            Comparison(
              op: op, left: left, right: right, range: node.range, bindings: bindings, leftPath: leftPath,
              rightPath: rightPath))
        default:
          break
        }
      default:
        break
      }
    }
    return facts
  }
}
