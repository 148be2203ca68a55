import Foundation
import RulesSemantics
import RulesSyntax

/// `rulescheck-bench --walk`: what one walk over every condition and function body of the
/// generated file costs on the syntax tree (`Expression`, whose parts live in
/// reference-counted boxes), and what the same walk costs over a flat table of the nodes read
/// by index (built once, as a parser could build it). The lint's shared facts are several such
/// walks with work at each node; this bounds what a table could save them, and what walking
/// the tree by recursion (each node borrowed, not copied onto a stack) saves without one.
func benchmarkWalks(_ source: SourceFile) {
  let checked = SemanticAnalyzer.analyze(source)
  var roots: [RulesSyntax.Expression] = []
  for function in checked.functions {
    for statement in function.declaration.body {
      switch statement.kind {
      case .letBinding(_, let value), .returnStatement(let value): roots.append(value)
      }
    }
  }
  for match in checked.matches {
    for statement in match.block.body {
      if case .allow(let allow) = statement.kind, let condition = allow.condition { roots.append(condition) }
    }
  }
  var sink = 0
  let treeTime = measure("walk of the syntax tree (\(roots.count) roots)", iterations: 20) {
    sink &+= treeWalk(roots)
  }
  let recursiveTime = measure("walk of the syntax tree, recursive, each node borrowed", iterations: 20) {
    sink &+= recursiveWalk(roots)
  }
  var table = NodeTable()
  let buildTime = measure("building a flat node table", iterations: 20) {
    table = NodeTable(roots)
  }
  let tableTime = measure("walk of the flat table (\(table.kinds.count) nodes)", iterations: 20) {
    sink &+= table.walk()
  }
  let same =
    treeWalk(roots) == table.walk() && recursiveWalk(roots) == table.walk() ? "the same" : "DIFFERENT"
  let ratio = treeTime / max(tableTime, 1e-6)
  print("walks: tree \(String(format: "%.2f", treeTime)) ms, table \(String(format: "%.3f", tableTime)) ms")
  let built = String(format: "%.2f", buildTime)
  print("walks: \(String(format: "%.0f", ratio))× less on the table, built in \(built) ms")
  print(
    "walks: recursive \(String(format: "%.2f", recursiveTime)) ms, "
      + "\(String(format: "%.1f", treeTime / max(recursiveTime, 1e-6)))× less than with a stack of expressions"
  )
  print("walks: both found \(same) reads (\(sink) counted over every timed walk)")
}

/// Counts the identifiers and members under `roots`, walking with a stack of expressions the
/// way the lint's facts walk does.
private func treeWalk(_ roots: [RulesSyntax.Expression]) -> Int {
  var count = 0
  var pending: [RulesSyntax.Expression] = []
  pending.reserveCapacity(64)
  for root in roots {
    pending.append(root)
    while let node = pending.popLast() {
      switch node.kind {
      case .identifier: count += 1
      case .member(let base, _):
        count += 1
        pending.append(base)
      case .binary(_, let left, let right):
        pending.append(right)
        pending.append(left)
      case .call(let callee, let arguments):
        for argument in arguments.reversed() { pending.append(argument) }
        pending.append(callee)
      default:
        node.forEachChildReversed { pending.append($0) }
      }
    }
  }
  return count
}

/// What ``treeWalk(_:)`` counts, walking by recursion: each node is borrowed from its parent
/// instead of copied onto a stack (no retain and release per node, no copy of the kind the
/// `switch` takes apart). The recursion is as deep as the tree, which the parser bounds
/// (``RulesSyntax/SyntaxDiagnostics/maximumNesting``); a lint walk written this way would also
/// follow calls (20 deep), and a debug build's frames are large, so it would go on with a stack
/// past some depth (docs/benchmarks.md).
private func recursiveWalk(_ roots: [RulesSyntax.Expression]) -> Int {
  var count = 0
  for root in roots { countReads(root, &count) }
  return count
}

private func countReads(_ node: borrowing RulesSyntax.Expression, _ count: inout Int) {
  switch node.kind {
  case .identifier: count += 1
  case .member(let base, _):
    count += 1
    countReads(base, &count)
  case .binary(_, let left, let right):
    countReads(left, &count)
    countReads(right, &count)
  case .call(let callee, let arguments):
    countReads(callee, &count)
    for argument in arguments { countReads(argument, &count) }
  default:
    (copy node).forEachChild { countReads($0, &count) }
  }
}

/// Every node of some trees, in arrays read by index: a kind tag and the node's children.
private struct NodeTable {
  /// 0 other, 1 identifier, 2 member.
  var kinds: [UInt8] = []
  var firstChild: [Int32] = []
  var childCount: [Int32] = []
  var children: [Int32] = []
  var roots: [Int32] = []

  init() {}

  init(_ trees: [RulesSyntax.Expression]) {
    for tree in trees { roots.append(add(tree)) }
  }

  private mutating func add(_ expression: RulesSyntax.Expression) -> Int32 {
    let index = Int32(kinds.count)
    switch expression.kind {
    case .identifier: kinds.append(1)
    case .member: kinds.append(2)
    default: kinds.append(0)
    }
    firstChild.append(0)
    childCount.append(0)
    var mine: [Int32] = []
    expression.forEachChild { mine.append(add($0)) }
    firstChild[Int(index)] = Int32(children.count)
    childCount[Int(index)] = Int32(mine.count)
    children += mine
    return index
  }

  func walk() -> Int {
    var count = 0
    var pending: [Int32] = []
    pending.reserveCapacity(64)
    for root in roots {
      pending.append(root)
      while let node = pending.popLast() {
        let index = Int(node)
        if kinds[index] != 0 { count += 1 }
        let first = Int(firstChild[index])
        var child = first + Int(childCount[index])
        while child > first {
          child -= 1
          pending.append(children[child])
        }
      }
    }
    return count
  }
}
