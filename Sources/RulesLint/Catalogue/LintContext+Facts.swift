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
    let facts = collectFacts(expression, bindings, recursionDepth: walkRecursionDepth)
    return memo.state.withLock { state in
      let (inserted, stored) = state.facts.insert(facts, for: key)
      if inserted { state.statistics.factWalks += 1 }
      return stored
    }
  }

  /// One walk of `expression` (as ``forEachNode(_:bindings:_:)`` walks) collecting its facts
  /// (``FactWalk``): by recursion down to `recursionDepth` frames, then with a stack.
  func collectFacts(
    _ expression: Expression, _ start: Bindings, recursionDepth: Int
  ) -> ExpressionFacts {
    var walk = FactWalk(context: self, start: start, recursionDepth: recursionDepth)
    walk.visit(expression, start, known: nil, isCallee: false, depth: 0)
    return walk.facts
  }

  /// The access paths `comparison`'s left (`right: false`) or right side reads, following
  /// calls: the slice `facts` recorded (``Comparison/leftReads``), or else a walk of the side.
  public func reads(
    of comparison: Comparison, right: Bool, in facts: [(path: AccessPath, range: SourceRange)]
  ) -> [AccessPath] {
    readEntries(of: comparison, right: right, in: facts).map(\.path)
  }

  /// What ``reads(of:right:in:)`` reads, with where each is read; a slice of `facts` when it
  /// recorded the side, so nothing is copied.
  public func readEntries(
    of comparison: Comparison, right: Bool, in facts: [(path: AccessPath, range: SourceRange)]
  ) -> ArraySlice<(path: AccessPath, range: SourceRange)> {
    if let slice = right ? comparison.rightReads : comparison.leftReads, slice.upperBound <= facts.count {
      return facts[slice]
    }
    return accessPaths(in: right ? comparison.right : comparison.left, comparison.bindings)[...]
  }
}
