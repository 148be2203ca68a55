import RulesSemantics
import RulesSyntax

extension Walker {
  /// Collects the constants of `root` and its sub-expressions into `facts` (not following
  /// calls), in pre-order; with `reading`, adds to `reads` what `root` reads (exactly what
  /// ``reads(of:)`` returns); and appends to `calls` the calls of user functions with a constant
  /// argument, in the order ``ArgumentWalk`` takes a tree's nodes (pre-order, each node's
  /// children last first); with a `shape`, adds each node to it (`root` being in its function's
  /// body). One walk stands for those.
  func collect(
    _ root: Expression, into facts: inout ConditionFacts, reads: inout AllowReads, reading: Bool = false,
    calls: inout [ArgumentWalk.Call], memo: inout FunctionReads, shape: inout FunctionShape?
  ) {
    let start = calls.count
    visit(root, reading: reading, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
    // Found in post-order, children first to last: the reverse of the argument walk's order.
    var low = start
    var high = calls.count - 1
    while low < high {
      calls.swapAt(low, high)
      low += 1
      high -= 1
    }
  }

  /// One switch on each node: its own facts (the kinds ``inspect(chain:into:)`` and its
  /// siblings act on), its own reads (the kinds ``addOwnReads(of:into:memo:)`` acts on), then
  /// its children in source order, then the call it makes; what it adds is what inspecting,
  /// reading and ``Expression/forEachChild(_:)`` would add, in the same order.
  private func visit(
    _ expression: Expression, reading: Bool, into facts: inout ConditionFacts, reads: inout AllowReads,
    calls: inout [ArgumentWalk.Call], memo: inout FunctionReads, shape: inout FunctionShape?
  ) {
    shape?.add(expression, checked)
    switch expression.kind {
    case .null, .bool, .integer, .float, .bytes, .missing: break
    case .string(let text): inspect(string: text, into: &facts)
    case .identifier:
      if reading { _ = addChainReads(of: expression, into: &reads) }
    case .member(let base, _):
      // A metadata key is read only off a `metadata` step (``ExpressionReading/metadataKey(_:)``).
      if ExpressionReading.isMetadataStep(base) { inspect(chain: expression, into: &facts) }
      let readsChildren = reading && addChainReads(of: expression, into: &reads)
      visit(
        base, reading: readsChildren, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
    case .index(let base, let index):
      // A metadata key is read only off a `metadata` step (``ExpressionReading/metadataKey(_:)``).
      if ExpressionReading.isMetadataStep(base) { inspect(chain: expression, into: &facts) }
      let readsChildren = reading && addChainReads(of: expression, into: &reads)
      visit(
        base, reading: readsChildren, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
      visit(
        index, reading: readsChildren, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
    case .call(let callee, let arguments):
      inspect(call: callee, arguments, into: &facts)
      if reading { addCallReads(callee, arguments, into: &reads, memo: &memo) }
      visit(callee, reading: reading, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
      for argument in arguments {
        visit(
          argument, reading: reading, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
      }
      if case .identifier = callee.kind, arguments.contains(where: ArgumentWalk.isConstant),
        let function = checked.resolution.calls[callee.range.start]
      {
        calls.append(ArgumentWalk.Call(function: function, arguments: arguments))
      }
    case .list(let elements):
      for element in elements {
        visit(
          element, reading: reading, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
      }
    case .unary(let op, let operand):
      if op == .logicalNot { claimUsedAsBool(operand, into: &facts) }
      visit(operand, reading: reading, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
    case .binary(let op, let left, let right):
      inspect(binary: op, left, right, into: &facts)
      visit(left, reading: reading, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
      visit(right, reading: reading, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
    case .map, .path, .range, .isType, .ternary:
      // No facts or reads of their own.
      expression.forEachChild {
        visit(
          $0, reading: reading, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
      }
    }
  }

  /// What `expression` reads, following calls of user functions (each walked once, its reads
  /// kept in `memo`).
  func reads(of expression: Expression, memo: inout FunctionReads) -> AllowReads {
    var result = AllowReads()
    addReads(of: expression, into: &result, memo: &memo)
    return result
  }

  /// Adds what `expression` reads to `result`, in the order ``reads(of:)`` finds it.
  private func addReads(of expression: Expression, into result: inout AllowReads, memo: inout FunctionReads) {
    if addOwnReads(of: expression, into: &result, memo: &memo) {
      expression.forEachChild { addReads(of: $0, into: &result, memo: &memo) }
    }
  }

  /// Adds what `expression` itself reads to `result` (with the functions it calls); returns
  /// whether its sub-expressions are to be read too (not those of a chain: its head says all).
  private func addOwnReads(
    of expression: Expression, into result: inout AllowReads, memo: inout FunctionReads
  ) -> Bool {
    switch expression.kind {
    // Only an identifier, a member or an index heads a chain.
    case .identifier, .member, .index: return addChainReads(of: expression, into: &result)
    case .call(let callee, let arguments):
      addCallReads(callee, arguments, into: &result, memo: &memo)
      return true
    default: return true
    }
  }

  /// Adds what the identifier, member or index `expression` reads as a chain to `result`;
  /// returns whether it is no chain (its sub-expressions are to be read then).
  private func addChainReads(of expression: Expression, into result: inout AllowReads) -> Bool {
    guard let head = ExpressionReading.head(expression) else { return true }
    if head.starts("request", "time") { result.time = true }
    if head.starts("request", "resource") { result.requestResource = true }
    if head.first == "resource" { result.resource = true }
    return false
  }

  /// Adds what the call `callee(arguments)` itself reads to `result`: a Firestore document, or
  /// what the user function it calls reads.
  private func addCallReads(
    _ callee: Expression, _ arguments: [Expression], into result: inout AllowReads, memo: inout FunctionReads
  ) {
    // `firestore.get(…)` and its siblings: a chain of two names rooted at `firestore`.
    if let (base, _) = ExpressionReading.step(callee), case .identifier("firestore") = base.kind,
      let argument = arguments.first
    {
      let document = DocumentText.render(argument, source: checked.source)
      if !result.documents.contains(document) { result.documents.append(document) }
    }
    if case .identifier = callee.kind, let function = checked.resolution.calls[callee.range.start] {
      result.formUnion(reads(ofFunction: function, memo: &memo))
    }
  }

  private func reads(ofFunction index: Int, memo: inout FunctionReads) -> AllowReads {
    if let known = memo.functionReads[index] { return known }
    guard checked.functions.indices.contains(index), !memo.visiting.contains(index) else {
      return AllowReads()
    }
    let depth = memo.visiting.count
    guard depth < Self.maximumDepth else {
      memo.truncated = true
      return AllowReads()
    }
    let limitedKey = index * (Self.maximumDepth + 1) + depth
    if let known = memo.limitedReads[limitedKey] {
      memo.truncated = true
      return known
    }
    let outer = memo.truncated
    memo.truncated = false
    memo.visiting.insert(index)
    var result = AllowReads()
    for statement in checked.functions[index].declaration.body {
      switch statement.kind {
      case .letBinding(_, let value): addReads(of: value, into: &result, memo: &memo)
      case .returnStatement(let value): addReads(of: value, into: &result, memo: &memo)
      }
    }
    memo.visiting.remove(index)
    if memo.truncated {
      memo.limitedReads[limitedKey] = result
    } else {
      memo.functionReads[index] = result
    }
    memo.truncated = memo.truncated || outer
    return result
  }
}

/// What each user function reads (``Walker/reads(of:memo:)``), worked out once per file, and
/// the state of the walk through calls under way.
struct FunctionReads {
  var functionReads: [Int: AllowReads] = [:]
  /// Reads of functions walked at the call-depth limit, by function and depth: partial, so
  /// kept apart from ``functionReads`` (at most ``Walker/maximumDepth`` entries per function).
  var limitedReads: [Int: AllowReads] = [:]
  var visiting: Set<Int> = []
  /// Whether the walk under way stopped at the call-depth limit somewhere.
  var truncated = false
}
