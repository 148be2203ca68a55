import RulesSemantics
import RulesSyntax

/// What the parameters and `let` bindings of the functions being inlined stand for, while
/// ``LintContext`` follows a condition into the functions it calls.
///
/// Bindings belong to a ``CallInstance`` (a function called with particular arguments), made
/// once per file and shared by every rule; a condition's own bindings are empty.
public struct Bindings: Sendable {
  var values: [ResolvedName: Bound] = [:]
  /// The functions being inlined, outermost first (indices into ``LintContext/functions``),
  /// along the calls that first reached this call instance.
  public private(set) var callStack: [Int] = []
  /// The call instance these bindings belong to; 0 outside any function.
  let instance: Int

  public init() {
    self.instance = 0
  }

  init(instance: Int, callStack: [Int]) {
    self.instance = instance
    self.callStack = callStack
  }

  /// Whether nothing is bound and no function is being followed.
  public var isEmpty: Bool { values.isEmpty && callStack.isEmpty }

  /// How many function calls deep the walk is.
  public var depth: Int { callStack.count }
}

/// An expression together with the bindings it is to be read with.
struct Bound: Sendable {
  let expression: Expression
  let bindings: Bindings

  /// Identifies the pair within a file: the expression's range and the bindings' instance.
  var key: BoundKey { BoundKey(expression, bindings) }
}

/// An expression read in one call instance; equal keys have equal meanings.
struct BoundKey: Hashable, Sendable {
  let start: Int
  let end: Int
  let instance: Int

  init(_ expression: Expression, _ bindings: Bindings) {
    self.start = expression.range.start
    self.end = expression.range.end
    self.instance = bindings.instance
  }
}
