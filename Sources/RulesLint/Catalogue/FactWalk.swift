import RulesSemantics
import RulesSyntax

/// One walk of an expression collecting its facts (``ExpressionFacts``), following calls
/// (``LintContext/facts(_:_:)``, once per expression and call instance).
///
/// A chain such as `request.resource.size` is resolved once, at its top: the walk visits a
/// member's or index's base right after it, and the base's path is the top's without its last
/// field; a comparison's sides, resolved for ``Comparison``, are not resolved again. Likewise a
/// method call's callee, visited right after the call, is not a field read.
///
/// Each side of a comparison is walked in one stretch, so the paths it reads are a slice of
/// ``ExpressionFacts/accessPaths`` (``Comparison/leftReads``): exactly what walking the side
/// alone finds, unless a call in it entered nothing because the walk had entered that call
/// instance before (then the slice is nil and the side is walked alone when asked).
///
/// The walk goes by recursion, each node borrowed from its parent: a walk with a stack copies
/// each node onto it and its kind out of it, a retain and a release each (docs/benchmarks.md).
/// Past ``recursionDepth`` frames (``LintLimits/maximumWalkRecursionDepth``) it goes on with a stack (``walkWithStack(_:_:known:isCallee:)``)
/// from the node it reached, visiting in the same order and keeping the same state, so the facts
/// are the same whatever the depth: the recursion fits a secondary thread's stack in a debug
/// build whatever the nesting and the calls.
struct FactWalk {
  let context: LintContext
  /// The bindings the walk started with.
  let start: Bindings
  let recursionDepth: Int
  var facts = ExpressionFacts()
  var entered = EnteredInstances()
  /// Calls not entered because their instance was entered earlier in this walk.
  var repeats = 0
  /// Where each comparison's sides start in ``ExpressionFacts/accessPaths``, with ``repeats``
  /// then, two entries per comparison (left, right) by its index in the facts.
  var sideStarts: [(paths: Int, repeats: Int)] = []

  init(context: LintContext, start: Bindings, recursionDepth: Int) {
    self.context = context
    self.start = start
    self.recursionDepth = recursionDepth
    // Room for a typical condition up front, instead of growing from one element.
    sideStarts.reserveCapacity(16)
    facts.accessPaths.reserveCapacity(16)
    facts.comparisons.reserveCapacity(8)
  }

  /// Visits `node`, read with `bindings`, and what is under it: `known` is its access path when
  /// its parent worked it out, `isCallee` whether it is the callee of a method call.
  mutating func visit(
    _ node: borrowing Expression, _ bindings: Bindings, known: AccessPath?, isCallee: Bool, depth: Int
  ) {
    guard depth < recursionDepth else {
      walkWithStack(copy node, bindings, known: known, isCallee: isCallee)
      return
    }
    let next = depth + 1
    switch node.kind {
    case .call(let function, let arguments):
      let call = copy node
      record(call: call, bindings)
      // Children first, then the called function's body.
      visit(function, bindings, known: nil, isCallee: Self.isMember(function), depth: next)
      for argument in arguments { visit(argument, bindings, known: nil, isCallee: false, depth: next) }
      if let instance = enter(call, bindings) {
        for body in instance.bodies {
          visit(body, instance.bindings, known: nil, isCallee: false, depth: next)
        }
      }
    case .identifier:
      if let path = known ?? context.accessPath(node, bindings) {
        facts.accessPaths.append((path, node.range))
      }
    case .member(let inner, _):
      var innerPath: AccessPath?
      if !isCallee, let path = known ?? context.accessPath(node, bindings) {
        facts.accessPaths.append((path, node.range))
        innerPath = path.droppingLast()
      }
      visit(inner, bindings, known: innerPath, isCallee: false, depth: next)
    case .index(let inner, let index):
      var innerPath: AccessPath?
      if !isCallee, let path = known ?? context.accessPath(node, bindings) {
        facts.accessPaths.append((path, node.range))
        innerPath = path.droppingLast()
      }
      visit(inner, bindings, known: innerPath, isCallee: false, depth: next)
      visit(index, bindings, known: nil, isCallee: false, depth: next)
    case .binary(let op, let left, let right):
      guard Self.compares(op) else {
        visit(left, bindings, known: nil, isCallee: false, depth: next)
        visit(right, bindings, known: nil, isCallee: false, depth: next)
        return
      }
      let (index, leftPath, rightPath) = record(comparison: op, left, right, node.range, bindings)
      visit(left, bindings, known: leftPath, isCallee: false, depth: next)
      endSide(of: index, right: false)
      visit(right, bindings, known: rightPath, isCallee: false, depth: next)
      endSide(of: index, right: true)
    case .null, .bool, .integer, .float, .string, .bytes, .missing:
      return
    case .unary(_, let operand):
      visit(operand, bindings, known: nil, isCallee: false, depth: next)
    default:
      visitChildren(copy node, bindings, depth: next)
    }
  }

  /// Visits the children of `node`, in order (the kinds ``visit(_:_:known:isCallee:depth:)``
  /// leaves to this).
  private mutating func visitChildren(_ node: Expression, _ bindings: Bindings, depth: Int) {
    node.forEachChild { visit($0, bindings, known: nil, isCallee: false, depth: depth) }
  }

  /// Visits `root` and what is under it with a stack, in the order
  /// ``visit(_:_:known:isCallee:depth:)`` visits, with the same state.
  ///
  /// The paths already known wait on a stack, in the order the walk (depth first) reaches their
  /// nodes; each is taken by the next node visited, as is whether that node is a callee.
  private mutating func walkWithStack(
    _ root: Expression, _ rootBindings: Bindings, known rootPath: AccessPath?, isCallee: Bool
  ) {
    enum Step {
      case node(Expression, Bindings)
      case enter(Expression, Bindings)
      /// The end of the left (`right: false`) or right side of comparison `index`.
      case sideEnd(index: Int, right: Bool)
    }
    var callee: SourceRange? = isCallee ? root.range : nil
    var expected: [(range: SourceRange, instance: Int, path: AccessPath)] = []
    expected.reserveCapacity(8)
    if let rootPath { expected.append((root.range, rootBindings.instance, rootPath)) }
    var pending: [Step] = [.node(root, rootBindings)]
    pending.reserveCapacity(32)
    while let step = pending.popLast() {
      let node: Expression
      let bindings: Bindings
      switch consume step {
      case .node(let next, let nextBindings):
        node = next
        bindings = nextBindings
      case .enter(let call, let bindings):
        guard let instance = enter(call, bindings) else { continue }
        for body in instance.bodies.reversed() { pending.append(.node(body, instance.bindings)) }
        continue
      case .sideEnd(let index, let right):
        endSide(of: index, right: right)
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
        if Self.isMember(function) { callee = function.range }
        record(call: node, bindings)
        // Children first, then (once they are done) the called function's body.
        pending.append(.enter(node, bindings))
        for argument in arguments.reversed() { pending.append(.node(argument, bindings)) }
        pending.append(.node(function, bindings))
      case .identifier:
        if let path = known ?? context.accessPath(node, bindings) {
          facts.accessPaths.append((path, node.range))
        }
      case .member(let inner, _):
        if !isCallee, let path = known ?? context.accessPath(node, bindings) {
          facts.accessPaths.append((path, node.range))
          expected.append((inner.range, bindings.instance, path.droppingLast()))
        }
        pending.append(.node(inner, bindings))
      case .index(let inner, let index):
        if !isCallee, let path = known ?? context.accessPath(node, bindings) {
          facts.accessPaths.append((path, node.range))
          expected.append((inner.range, bindings.instance, path.droppingLast()))
        }
        pending.append(.node(index, bindings))
        pending.append(.node(inner, bindings))
      case .binary(let op, let left, let right):
        guard Self.compares(op) else {
          pending.append(.node(right, bindings))
          pending.append(.node(left, bindings))
          continue
        }
        let (index, leftPath, rightPath) = record(comparison: op, left, right, node.range, bindings)
        if let rightPath { expected.append((right.range, bindings.instance, rightPath)) }
        if let leftPath { expected.append((left.range, bindings.instance, leftPath)) }
        pending.append(.sideEnd(index: index, right: true))
        pending.append(.node(right, bindings))
        pending.append(.sideEnd(index: index, right: false))
        pending.append(.node(left, bindings))
      case .null, .bool, .integer, .float, .string, .bytes, .missing:
        continue
      case .unary(_, let operand):
        pending.append(.node(operand, bindings))
      default:
        node.forEachChildReversed { pending.append(.node($0, bindings)) }
      }
    }
  }

  /// Records `call`: a built-in's call, or a user function's written in the walked expression.
  private mutating func record(call: Expression, _ bindings: Bindings) {
    if context.calledFunction(call) == nil {
      facts.calls.append((call, bindings))
    } else if bindings.instance == start.instance {
      facts.userCalls.append(call)
    }
  }

  /// The call instance `call` enters, if the walk is to walk its bodies now: not when it has
  /// none, when this walk entered it before (a repeat), or when the budget refuses it.
  private mutating func enter(_ call: Expression, _ bindings: Bindings) -> CallInstance? {
    guard let instance = context.instance(for: call, bindings) else { return nil }
    guard entered.insert(instance.id) else {
      repeats += 1
      return nil
    }
    return context.spend(instance) ? instance : nil
  }

  /// Records the comparison `left op right` at `range` and where its left side starts; returns
  /// its index and the access paths of its sides.
  private mutating func record(
    comparison op: BinaryOperator, _ left: Expression, _ right: Expression, _ range: SourceRange,
    _ bindings: Bindings
  ) -> (index: Int, leftPath: AccessPath?, rightPath: AccessPath?) {
    let leftPath = context.accessPath(left, bindings)
    let rightPath = context.accessPath(right, bindings)
    let index = facts.comparisons.count
    facts.comparisons.append(
      Comparison(
        op: op, left: left, right: right, range: range, bindings: bindings, leftPath: leftPath,
        rightPath: rightPath))
    sideStarts.append((facts.accessPaths.count, repeats))
    sideStarts.append((0, 0))
    return (index, leftPath, rightPath)
  }

  /// Records where the left (`right: false`) or right side of comparison `index` ends, and
  /// after the left, where the right starts.
  private mutating func endSide(of index: Int, right: Bool) {
    let start = sideStarts[index * 2 + (right ? 1 : 0)]
    let slice = start.repeats == repeats ? start.paths..<facts.accessPaths.count : nil
    if right {
      facts.comparisons[index].rightReads = slice
    } else {
      facts.comparisons[index].leftReads = slice
      sideStarts[index * 2 + 1] = (facts.accessPaths.count, repeats)
    }
  }

  /// Whether `op` makes a ``Comparison``.
  private static func compares(_ op: BinaryOperator) -> Bool {
    switch op {
    case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .membership: true
    default: false
    }
  }

  private static func isMember(_ expression: borrowing Expression) -> Bool {
    if case .member = expression.kind { true } else { false }
  }
}
