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
      let (inserted, stored) = state.facts.insert(facts, for: key)
      if inserted { state.statistics.factWalks += 1 }
      return stored
    }
  }

  /// One walk of `expression` (as ``forEachNode(_:bindings:_:)`` walks) collecting its facts.
  ///
  /// A chain such as `request.resource.size` is resolved once, at its top: the walk visits a
  /// member's or index's base right after it, and the base's path is the top's without its last
  /// field; a comparison's sides, resolved for ``Comparison``, are not resolved again. The paths
  /// already known wait on a stack, in the order the walk (depth first) reaches their nodes.
  /// Likewise a method call's callee, visited right after the call, is not a field read.
  ///
  /// Each side of a comparison is walked in one stretch, so the paths it reads are a slice of
  /// ``ExpressionFacts/accessPaths`` (``Comparison/leftReads``): exactly what walking the side
  /// alone finds, unless a call in it entered nothing because the walk had entered that call
  /// instance before (then the slice is nil and the side is walked alone when asked).
  private func collectFacts(_ expression: Expression, _ start: Bindings) -> ExpressionFacts {
    enum Step {
      case node(Expression, Bindings)
      case enter(Expression, Bindings)
      /// The end of the left (`right: false`) or right side of comparison `index`.
      case sideEnd(index: Int, right: Bool)
    }
    var facts = ExpressionFacts()
    var callee: SourceRange?
    var expected: [(range: SourceRange, instance: Int, path: AccessPath)] = []
    var entered = EnteredInstances()
    // Calls not entered because their instance was entered earlier in this walk.
    var repeats = 0
    var sideStarts: [(paths: Int, repeats: Int)] = []
    var pending: [Step] = [.node(expression, start)]
    // Room for a typical condition up front, instead of growing from one element.
    pending.reserveCapacity(32)
    expected.reserveCapacity(8)
    sideStarts.reserveCapacity(16)
    facts.accessPaths.reserveCapacity(16)
    facts.comparisons.reserveCapacity(8)
    while let step = pending.popLast() {
      let node: Expression
      let bindings: Bindings
      switch consume step {
      case .node(let next, let nextBindings):
        node = next
        bindings = nextBindings
      case .enter(let call, let bindings):
        guard let instance = instance(for: call, bindings) else { continue }
        guard entered.insert(instance.id) else {
          repeats += 1
          continue
        }
        guard spend(instance) else { continue }
        for body in instance.bodies.reversed() { pending.append(.node(body, instance.bindings)) }
        continue
      case .sideEnd(let index, let right):
        let start = sideStarts[index * 2 + (right ? 1 : 0)]
        let slice = start.repeats == repeats ? start.paths..<facts.accessPaths.count : nil
        if right {
          facts.comparisons[index].rightReads = slice
        } else {
          facts.comparisons[index].leftReads = slice
          sideStarts[index * 2 + 1] = (facts.accessPaths.count, repeats)
        }
        continue
      }
      var known: AccessPath?
      // Compared in place: copying the entry would retain its path's parts at every node.
      if let last = expected.indices.last, expected[last].range == node.range,
        expected[last].instance == bindings.instance
      {
        known = expected.removeLast().path
      }
      let isCallee = callee == node.range
      callee = nil
      // The usual kinds push their children here, as ``Expression/forEachChildReversed(_:)``
      // would (last first), from the parts the switch already holds.
      switch node.kind {
      case .call(let function, let arguments):
        if case .member = function.kind { callee = function.range }
        if calledFunction(node) == nil {
          facts.calls.append((node, bindings))
        } else if bindings.instance == start.instance {
          facts.userCalls.append(node)
        }
        // Children first, then (once they are done) the called function's body.
        pending.append(.enter(node, bindings))
        for argument in arguments.reversed() { pending.append(.node(argument, bindings)) }
        pending.append(.node(function, bindings))
        continue
      case .identifier:
        if let path = known ?? accessPath(node, bindings) { facts.accessPaths.append((path, node.range)) }
        continue
      case .member(let inner, _):
        if !isCallee, let path = known ?? accessPath(node, bindings) {
          facts.accessPaths.append((path, node.range))
          expected.append((inner.range, bindings.instance, path.droppingLast()))
        }
        pending.append(.node(inner, bindings))
        continue
      case .index(let inner, let index):
        if !isCallee, let path = known ?? accessPath(node, bindings) {
          facts.accessPaths.append((path, node.range))
          expected.append((inner.range, bindings.instance, path.droppingLast()))
        }
        pending.append(.node(index, bindings))
        pending.append(.node(inner, bindings))
        continue
      case .binary(let op, let left, let right):
        switch op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .membership:
          let leftPath = accessPath(left, bindings)
          let rightPath = accessPath(right, bindings)
          if let rightPath { expected.append((right.range, bindings.instance, rightPath)) }
          if let leftPath { expected.append((left.range, bindings.instance, leftPath)) }
          let index = facts.comparisons.count
          facts.comparisons.append(
            Comparison(
              op: op, left: left, right: right, range: node.range, bindings: bindings, leftPath: leftPath,
              rightPath: rightPath))
          sideStarts.append((facts.accessPaths.count, repeats))
          sideStarts.append((0, 0))
          pending.append(.sideEnd(index: index, right: true))
          pending.append(.node(right, bindings))
          pending.append(.sideEnd(index: index, right: false))
          pending.append(.node(left, bindings))
        default:
          pending.append(.node(right, bindings))
          pending.append(.node(left, bindings))
        }
        continue
      case .null, .bool, .integer, .float, .string, .bytes, .missing:
        continue
      case .unary(_, let operand):
        pending.append(.node(operand, bindings))
      default:
        node.forEachChildReversed { pending.append(.node($0, bindings)) }
      }
    }
    return facts
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
