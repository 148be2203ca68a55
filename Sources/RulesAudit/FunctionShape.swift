import RulesSemantics
import RulesSyntax

/// What walking an instance of one user function (``ArgumentWalk``) can depend on, read from
/// its body while the body is collected: the parameters whose constants the walk would use,
/// whether the body calls a user function with a constant, and how many expressions it has.
///
/// Contract: when ``isInert(for:)`` holds for an instance's constants, walking the instance
/// records no fact and starts no other instance: it only counts ``expressions`` against the
/// walk's budget.
struct FunctionShape {
  /// The function, an index into ``RulesSemantics/CheckedRuleset/functions``.
  let function: Int
  /// Parameters (by index) the body compares with (either side of `==` and `!=`, the right of
  /// `in`) or passes to a user function: the ones a constant bound to them would be used for.
  private(set) var parameters: [Int] = []
  /// Whether the body calls a user function with a constant argument (``ArgumentWalk/isConstant(_:)``).
  private(set) var callsWithConstant = false
  /// The expressions of the body's statements.
  private(set) var expressions = 0

  init(function: Int) {
    self.function = function
  }

  /// Adds what `expression` of the body shows by itself (its sub-expressions are added apart).
  mutating func add(_ expression: Expression, _ checked: CheckedRuleset) {
    expressions += 1
    switch expression.kind {
    case .binary(.equal, let left, let right), .binary(.notEqual, let left, let right):
      addParameter(left, checked)
      addParameter(right, checked)
    case .binary(.membership, _, let right): addParameter(right, checked)
    case .call(let callee, let arguments):
      guard case .identifier = callee.kind, checked.resolution.calls[callee.range.start] != nil else {
        return
      }
      for argument in arguments {
        if ArgumentWalk.isConstant(argument) { callsWithConstant = true }
        addParameter(argument, checked)
      }
    default: break
    }
  }

  private mutating func addParameter(_ expression: Expression, _ checked: CheckedRuleset) {
    guard case .identifier = expression.kind,
      case .parameter(let owner, let index)? = checked.resolution.names[expression.range.start],
      owner == function, !parameters.contains(index)
    else { return }
    parameters.append(index)
  }

  /// Whether walking an instance whose parameters stand for `values` (by index, nil where no
  /// constant) records nothing.
  func isInert(for values: [Expression?]) -> Bool {
    !callsWithConstant && parameters.allSatisfy { !values.indices.contains($0) || values[$0] == nil }
  }
}
