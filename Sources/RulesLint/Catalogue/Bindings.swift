import RulesSemantics
import RulesSyntax

/// What the parameters and `let` bindings of the functions being inlined stand for, while
/// ``LintContext`` follows a condition into the functions it calls.
///
/// Bindings belong to a ``CallInstance`` (a function called with particular arguments), made
/// once per file and shared by every rule; a condition's own bindings are empty. They are one
/// reference to the instance's frame, so carrying them along a walk costs one retain.
public struct Bindings: Sendable {
  /// The call instance's frame; nil outside any function.
  let frame: BindingFrame?

  public init() {
    self.frame = nil
  }

  init(_ frame: BindingFrame) {
    self.frame = frame
  }

  /// The call instance these bindings belong to; 0 outside any function.
  var instance: Int { frame?.instance ?? 0 }

  /// The functions being inlined, outermost first (indices into ``LintContext/functions``),
  /// along the calls that first reached this call instance.
  public var callStack: [Int] { frame?.callStack ?? [] }

  /// Whether nothing is bound and no function is being followed.
  public var isEmpty: Bool { frame == nil }

  /// How many function calls deep the walk is.
  public var depth: Int { frame?.callStack.count ?? 0 }

  /// Whether any parameter or `let` name is bound.
  var bindsNames: Bool { frame.map { !$0.parameters.isEmpty || !$0.lets.isEmpty } ?? false }

  /// What the local `name` stands for: an argument (with the caller's bindings) or a `let`
  /// value (read with these bindings); nil for other names and names of other functions.
  func value(of name: ResolvedName) -> Bound? {
    guard let frame else { return nil }
    switch name {
    case .parameter(let function, let index) where function == frame.function:
      return frame.parameters.indices.contains(index) ? frame.parameters[index] : nil
    case .letBinding(let function, let index) where function == frame.function:
      return frame.lets.indices.contains(index) ? Bound(expression: frame.lets[index], bindings: self) : nil
    default:
      return nil
    }
  }
}

/// The bindings of one call instance: its function's parameters bound to the call's arguments,
/// and its `let` values, read in the instance itself.
///
/// A `let` value names only the parameters and the `let`s before it (the resolver binds a name
/// before its own value is read), so reading every `let` with the whole frame means what
/// reading each with the names before it means.
final class BindingFrame: Sendable {
  let instance: Int
  let function: Int
  let callStack: [Int]
  let parameters: [Bound]
  let lets: [Expression]

  init(instance: Int, function: Int, callStack: [Int], parameters: [Bound], lets: [Expression]) {
    self.instance = instance
    self.function = function
    self.callStack = callStack
    self.parameters = parameters
    self.lets = lets
  }
}

/// An expression together with the bindings it is to be read with.
struct Bound: Sendable {
  let expression: Expression
  let bindings: Bindings

  /// Identifies the pair within a file: the expression's range and the bindings' instance.
  var key: BoundKey { BoundKey(expression, bindings) }
}

/// An expression read in one call instance; equal keys have equal meanings.
struct BoundKey: Hashable, TableKey, Sendable {
  let start: Int
  let end: Int
  let instance: Int

  init(_ expression: Expression, _ bindings: Bindings) {
    self.start = expression.range.start
    self.end = expression.range.end
    self.instance = bindings.instance
  }

  /// Feeds the hasher one word mixed from the three (equality still compares all three), so
  /// the many look-ups by key hash a third of what they would.
  func hash(into hasher: inout Hasher) {
    hasher.combine(tableHash)
  }

  /// The three mixed into one word (what the memo tables, ``KeyedTable``, spread).
  var tableHash: Int { start &+ end &* 0x9E37_79B9 &+ instance &* 0x7FEB_352D_0000_0001 }
}
