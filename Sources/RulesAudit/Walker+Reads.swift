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

  private func visit(
    _ expression: Expression, reading: Bool, into facts: inout ConditionFacts, reads: inout AllowReads,
    calls: inout [ArgumentWalk.Call], memo: inout FunctionReads, shape: inout FunctionShape?
  ) {
    inspect(expression, into: &facts)
    shape?.add(expression, checked)
    let readsChildren = reading && addOwnReads(of: expression, into: &reads, memo: &memo)
    expression.forEachChild {
      visit(
        $0, reading: readsChildren, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
    }
    if case .call(let callee, let arguments) = expression.kind, case .identifier = callee.kind,
      arguments.contains(where: ArgumentWalk.isConstant),
      let function = checked.resolution.calls[callee.range.start]
    {
      calls.append(ArgumentWalk.Call(function: function, arguments: arguments))
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
    // Only an identifier, a member or an index heads a chain.
    let head: ChainHead?
    switch expression.kind {
    case .identifier, .member, .index: head = ExpressionReading.head(expression)
    default: head = nil
    }
    if let head {
      if head.starts("request", "time") { result.time = true }
      if head.starts("request", "resource") { result.requestResource = true }
      if head.first == "resource" { result.resource = true }
    }
    if case .call(let callee, let arguments) = expression.kind {
      if let called = ExpressionReading.head(callee), called.count == 2, called.first == "firestore",
        let argument = arguments.first
      {
        let document = DocumentText.render(argument, source: checked.source)
        if !result.documents.contains(document) { result.documents.append(document) }
      }
      if case .identifier = callee.kind, let function = checked.resolution.calls[callee.range.start] {
        result.formUnion(reads(ofFunction: function, memo: &memo))
      }
    }
    return head == nil
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
