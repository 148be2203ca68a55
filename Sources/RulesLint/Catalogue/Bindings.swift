import RulesSemantics
import RulesSyntax

/// What the parameters and `let` bindings of the functions being inlined stand for, while
/// ``LintContext`` follows a condition into the functions it calls.
public struct Bindings: Sendable {
  var values: [ResolvedName: Bound] = [:]
  /// The functions being inlined, outermost first (indices into ``LintContext/functions``).
  public private(set) var callStack: [Int] = []

  public init() {}

  /// Whether nothing is bound and no function is being followed.
  public var isEmpty: Bool { values.isEmpty && callStack.isEmpty }

  /// How many function calls deep the walk is.
  public var depth: Int { callStack.count }

  func entering(_ function: Int) -> Bindings {
    var inner = Bindings()
    inner.callStack = callStack + [function]
    return inner
  }
}

/// An expression together with the bindings it is to be read with.
struct Bound: Sendable {
  let expression: Expression
  let bindings: Bindings
}
