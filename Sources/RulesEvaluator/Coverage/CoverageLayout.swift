import RulesSyntax

/// What coverage is measured over in one ruleset: its `allow` statements and the boolean
/// sub-expressions of their conditions and of its functions.
///
/// A condition is an `allow`'s whole condition, every operand of `&&`, `||` and `!`, the
/// condition of every `?:`, and the branches of a `?:` that is itself a condition. Conditions
/// inside functions are counted once, at their source position, whichever statement called them.
public struct CoverageLayout: Sendable {
  /// One `allow` statement.
  public struct Statement: Sendable {
    public let range: SourceRange
    /// The condition's range; nil for an unconditional `allow`.
    public let conditionRange: SourceRange?
    /// The block (index in ``RulesSemantics/CheckedRuleset/matches``) the statement is written in.
    public let block: Int
  }

  /// Where a condition sits in its expression.
  public enum Role: String, Sendable {
    /// The whole condition of an `allow`.
    case condition
    case andOperand = "and-operand"
    case orOperand = "or-operand"
    case notOperand = "not-operand"
    case ternaryCondition = "ternary-condition"
    case ternaryBranch = "ternary-branch"
  }

  /// The statement or function a condition is written in.
  public enum Owner: Sendable, Hashable {
    /// A statement, by index in ``statements``.
    case statement(Int)
    /// A function, by index in ``RulesSemantics/CheckedRuleset/functions``.
    case function(Int)
  }

  /// One boolean sub-expression.
  public struct Condition: Sendable {
    public let range: SourceRange
    public let role: Role
    public let owner: Owner
  }

  /// Statements in the order they are evaluated (blocks in order, then statements in order).
  public let statements: [Statement]
  /// Conditions in source order; among those starting together, the widest first.
  public let conditions: [Condition]
  /// The ruleset's function names, by index in ``RulesSemantics/CheckedRuleset/functions``.
  public let functionNames: [String]
  /// Condition index by node id; -1 for nodes that are not conditions.
  let conditionByNode: [Int32]
}

extension CoverageLayout {
  /// Collects the conditions of compiled statements and functions.
  init(blocks: [CompiledBlock], functions: [CompiledFunction], nodeCount: Int) {
    var statements: [Statement] = []
    var found: [(id: Int, condition: Condition)] = []
    for block in blocks {
      for allow in block.allows {
        let owner = Owner.statement(statements.count)
        statements.append(
          Statement(range: allow.range, conditionRange: allow.condition?.pointee.range, block: block.index))
        if let condition = allow.condition { Self.collect(condition, .condition, owner, into: &found) }
      }
    }
    for (index, function) in functions.enumerated() {
      for node in function.lets + [function.body] { Self.collect(node, nil, .function(index), into: &found) }
    }
    found.sort {
      let (a, b) = ($0.condition.range, $1.condition.range)
      return a.start != b.start ? a.start < b.start : a.end > b.end
    }
    var byNode = [Int32](repeating: -1, count: nodeCount)
    for (index, entry) in found.enumerated() where entry.id < nodeCount { byNode[entry.id] = Int32(index) }
    self.init(
      statements: statements, conditions: found.map(\.condition), functionNames: functions.map(\.name),
      conditionByNode: byNode)
  }

  /// Records `node` when `role` says it is a condition, then its sub-expressions.
  private static func collect(
    _ node: NodeRef, _ role: Role?, _ owner: Owner, into found: inout [(id: Int, condition: Condition)]
  ) {
    let node = node.pointee
    if let role { found.append((node.id, Condition(range: node.range, role: role, owner: owner))) }
    func visit(_ child: NodeRef, _ childRole: Role? = nil) { collect(child, childRole, owner, into: &found) }
    switch node.kind {
    case .constant, .wildcard, .local, .request, .requestField, .resource, .failure: break
    case .logicalAnd(let left, let right):
      visit(left, .andOperand)
      visit(right, .andOperand)
    case .logicalOr(let left, let right):
      visit(left, .orOperand)
      visit(right, .orOperand)
    case .unary(let op, let operand): visit(operand, op == .logicalNot ? .notOperand : nil)
    case .ternary(let condition, let then, let otherwise):
      visit(condition, .ternaryCondition)
      visit(then, role == nil ? nil : .ternaryBranch)
      visit(otherwise, role == nil ? nil : .ternaryBranch)
    case .member(let base, _), .isType(let base, _), .firestoreGet(let base), .firestoreExists(let base):
      visit(base)
    case .index(let base, let index):
      visit(base)
      visit(index)
    case .range(let base, let lower, let upper):
      for child in [base, lower, upper].compactMap({ $0 }) { visit(child) }
    case .binary(_, let left, let right):
      visit(left)
      visit(right)
    case .list(let elements): elements.forEach { visit($0) }
    case .map(let entries):
      for (key, value) in entries {
        visit(key)
        visit(value)
      }
    case .path(let parts):
      for case .interpolation(let inner) in parts { visit(inner) }
    case .callFunction(_, let arguments), .callBuiltin(_, let arguments), .callUnknown(nil, _, let arguments):
      arguments.forEach { visit($0) }
    case .callMethod(let receiver, _, let arguments), .callUnknown(let receiver?, _, let arguments):
      visit(receiver)
      arguments.forEach { visit($0) }
    }
  }
}
