import RulesSemantics
import RulesSyntax

extension LintContext {
  /// The methods `allow` names that its condition can grant: its methods, less `delete` when
  /// the condition can never be true on a delete because it reads a field of
  /// `request.resource` (null on delete, so the read is an error) where no `||` or `&&` can
  /// absorb the error.
  ///
  /// Conservative: anything the walk cannot follow (a function past the inlining budget, a
  /// value it does not know) counts as possibly true, so `delete` is only dropped when it is
  /// certainly never granted. Errors follow decisions.md §13: `error || true` is true,
  /// `error && false` is false, any other operator with an error operand is an error.
  public func grantableMethods(_ allow: LintAllow) -> RequestMethods {
    guard allow.methods.contains(.delete), let condition = allow.condition else { return allow.methods }
    return outcomesOnDelete(condition).contains(.isTrue)
      ? allow.methods : allow.methods.subtracting([.delete])
  }

  /// What `condition` may evaluate to on a delete request, without recursion. A user
  /// function's body is walked once per call instance and file (remembered in the memo); a
  /// walk that would visit more than ``maximumDeleteWalk`` nodes, or once the file's inlining
  /// budget is spent, answers "anything".
  func outcomesOnDelete(_ condition: Expression) -> DeleteOutcome {
    enum Step {
      case visit(Expression, Bindings)
      /// Combines the outcomes of the node's operands, `count` of them on top of the stack;
      /// `followed` when the last is a user function's body.
      case combine(Expression, count: Int, followed: Bool)
      case known(DeleteOutcome)
      /// Remembers the outcome on top of the stack as call instance `id`'s.
      case remember(Int)
    }
    var steps: [Step] = [.visit(condition, Bindings())]
    var results: [DeleteOutcome] = []
    var visited = 0
    while let step = steps.popLast() {
      switch step {
      case .visit(let node, let bindings):
        visited += 1
        guard visited <= Self.maximumDeleteWalk else { return .any }
        if let known = constantBool(node, bindings) {
          results.append(known ? .isTrue : .isFalse)
          continue
        }
        if let path = accessPath(node, bindings) {
          let readsField = path.starts(with: "request", "resource") && path.members.count > 1
          results.append(readsField ? .isError : .any)
          continue
        }
        var operands = node.children
        if case .call = node.kind, let instance = instance(for: node, bindings),
          let body = instance.bodies.last,
          memo.state.withLock({ $0.budgetReachedIn == nil })
        {
          // The arguments are evaluated first (an error there is the call's), then the body.
          operands = Array(operands.dropFirst())
          steps.append(.combine(node, count: operands.count + 1, followed: true))
          if let known = memo.state.withLock({ $0.deleteOutcomes[instance.id] }) {
            steps.append(.known(known))
          } else {
            steps.append(.remember(instance.id))
            steps.append(.visit(body, instance.bindings))
          }
        } else {
          steps.append(.combine(node, count: operands.count, followed: false))
        }
        for operand in operands.reversed() { steps.append(.visit(operand, bindings)) }
      case .combine(let node, let count, let followed):
        let operands = Array(results.suffix(count))
        results.removeLast(min(count, results.count))
        results.append(DeleteOutcome.combine(node, operands, followed: followed))
      case .known(let outcome):
        results.append(outcome)
      case .remember(let id):
        if let outcome = results.last { memo.state.withLock { $0.deleteOutcomes[id] = outcome } }
      }
    }
    return results.last ?? .any
  }

  /// The most nodes one walk of ``outcomesOnDelete(_:)`` visits.
  static let maximumDeleteWalk = 4_096
}

/// The values an expression may take on a delete request: true, false, an error, or (for any
/// other value) none of the three known.
struct DeleteOutcome: OptionSet, Sendable {
  let rawValue: UInt8
  static let isTrue = DeleteOutcome(rawValue: 1)
  static let isFalse = DeleteOutcome(rawValue: 2)
  static let isError = DeleteOutcome(rawValue: 4)
  /// A value other than a bool.
  static let otherValue = DeleteOutcome(rawValue: 8)
  /// Anything at all.
  static let any: DeleteOutcome = [.isTrue, .isFalse, .isError, .otherValue]

  /// The outcomes of `node` from those of its operands (for a followed call: its arguments,
  /// then its body).
  static func combine(_ node: Expression, _ operands: [DeleteOutcome], followed: Bool) -> DeleteOutcome {
    switch node.kind {
    case .binary(.logicalAnd, _, _) where operands.count == 2:
      return pairs(operands[0], operands[1]) { left, right in
        if left == .isFalse || right == .isFalse { return .isFalse }
        if left == .isTrue && right == .isTrue { return .isTrue }
        return .isError
      }
    case .binary(.logicalOr, _, _) where operands.count == 2:
      return pairs(operands[0], operands[1]) { left, right in
        if left == .isTrue || right == .isTrue { return .isTrue }
        if left == .isFalse && right == .isFalse { return .isFalse }
        return .isError
      }
    case .unary(.logicalNot, _) where operands.count == 1:
      var result: DeleteOutcome = []
      if operands[0].contains(.isTrue) { result.insert(.isFalse) }
      if operands[0].contains(.isFalse) { result.insert(.isTrue) }
      if operands[0].contains(.isError) || operands[0].contains(.otherValue) { result.insert(.isError) }
      return result
    case .ternary where operands.count == 3:
      var result: DeleteOutcome = []
      if operands[0].contains(.isTrue) { result.formUnion(operands[1]) }
      if operands[0].contains(.isFalse) { result.formUnion(operands[2]) }
      if operands[0].contains(.isError) || operands[0].contains(.otherValue) { result.insert(.isError) }
      return result
    default:
      // Any other operator, or a call, with an operand that is certainly an error is an error.
      if operands.contains(.isError) { return .isError }
      if followed, let body = operands.last {
        // A user function: its arguments first, then what its body evaluates to.
        return body.union(operands.dropLast().contains { $0.contains(.isError) } ? .isError : [])
      }
      return .any
    }
  }

  /// The outcomes of a binary operator over every pair of known operand outcomes; another
  /// value counts as an error for `&&` and `||`.
  private static func pairs(
    _ left: DeleteOutcome, _ right: DeleteOutcome, _ result: (DeleteOutcome, DeleteOutcome) -> DeleteOutcome
  ) -> DeleteOutcome {
    let cases: [DeleteOutcome] = [.isTrue, .isFalse, .isError]
    let lefts = cases.filter { left.contains($0) } + (left.contains(.otherValue) ? [.isError] : [])
    let rights = cases.filter { right.contains($0) } + (right.contains(.otherValue) ? [.isError] : [])
    var union: DeleteOutcome = []
    for left in lefts { for right in rights { union.formUnion(result(left, right)) } }
    return union
  }
}
