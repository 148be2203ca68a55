import RulesSemantics
import RulesSyntax

/// The comparisons a user function makes with the constants it is called with: `hasRole('admin')`
/// of `function hasRole(role) { return request.auth.token.role == role; }` compares the claim
/// `role` with `'admin'`, and `isUser('ops-bot')` the uid with `'ops-bot'`, so the probes try
/// those identities as if the body spelled the constants.
///
/// Contract: each function is walked once per distinct constant arguments (literals, or
/// parameters bound to literals by the caller), as deep as the evaluator's call depth, and at
/// most ``maximumInstances`` such walks and ``maximumNodes`` expressions in them per file, so
/// the work stays linear in the file's size. Only token-claim, uid and content-type comparisons read the bound
/// constants (``Walker/compare(_:_:op:into:)``); everything else is collected as before.
struct ArgumentWalk {
  var walker: Walker
  /// Function instances walked: the function's index and its arguments' source text.
  private var seen: Set<String> = []
  /// At most this many function instances are walked per file.
  static let maximumInstances = 1_000
  /// At most this many expressions are visited in function instances per file (as many as
  /// lint follows through calls, ``RulesLint`` `LintLimits`); past it, no further instance is
  /// walked and the claims found so far are kept.
  static let maximumNodes = 300_000
  private(set) var nodes = 0
  /// Each function's shape (by function index), telling the instances whose walk would record
  /// nothing; empty, every instance is walked.
  private let shapes: [FunctionShape]

  init(walker: Walker, shapes: [FunctionShape] = []) {
    self.walker = walker
    self.shapes = shapes
  }

  /// The constants a function instance's parameters stand for, by parameter index.
  struct Frame {
    let function: Int
    let values: [Expression?]
  }

  /// The expression of a function body statement.
  static func value(of statement: FunctionStatement) -> Expression {
    switch statement.kind {
    case .letBinding(_, let value), .returnStatement(let value): value
    }
  }

  /// A call of a user function with some argument a constant (``isConstant(_:)``), outside any
  /// function instance: the only expressions the walk outside instances acts on.
  struct Call {
    let function: Int
    let arguments: [Expression]
  }

  /// Walks the function `call` calls once for its constant arguments (outside any function
  /// instance), as walking the call's expression would.
  mutating func walk(_ call: Call, into facts: inout ConditionFacts) {
    self.call(call.function, call.arguments, frame: nil, depth: 0, into: &facts)
  }

  private mutating func walk(
    _ root: Expression, frame: Frame?, depth: Int, into facts: inout ConditionFacts
  ) {
    var pending = [root]
    while let expression = pending.popLast() {
      if frame != nil {
        nodes += 1
        guard nodes <= Self.maximumNodes else { return }
      }
      switch expression.kind {
      case .binary(let op, let left, let right) where frame != nil:
        switch op {
        case .equal, .notEqual:
          compare(left, right, op: op, frame: frame, into: &facts)
          compare(right, left, op: op, frame: frame, into: &facts)
        case .membership: compare(left, right, op: op, frame: frame, into: &facts)
        default: break
        }
      case .call(let callee, let arguments):
        if case .identifier = callee.kind, let function = walker.checked.resolution.calls[callee.range.start]
        {
          call(function, arguments, frame: frame, depth: depth, into: &facts)
        }
      default: break
      }
      expression.forEachChild { pending.append($0) }
    }
  }

  /// `field op constant` with `constant` a parameter bound to a literal: compared as that literal.
  private func compare(
    _ field: Expression, _ constant: Expression, op: BinaryOperator, frame: Frame?,
    into facts: inout ConditionFacts
  ) {
    // A literal spelled in the body was collected already; only a bound parameter is new.
    guard case .identifier = constant.kind, let bound = bound(constant, frame) else { return }
    walker.compare(field, bound, op: op, into: &facts)
  }

  /// The literal `expression` stands for: itself when it is one, or the constant its parameter
  /// is bound to in `frame`; nil otherwise.
  private func bound(_ expression: Expression, _ frame: Frame?) -> Expression? {
    switch expression.kind {
    case .string, .integer, .float, .bool, .list: return Self.isConstant(expression) ? expression : nil
    case .identifier:
      guard let frame,
        case .parameter(let function, let index)? = walker.checked.resolution.names[expression.range.start],
        function == frame.function, frame.values.indices.contains(index)
      else { return nil }
      return frame.values[index]
    default: return nil
    }
  }

  /// Whether `expression` is a constant a parameter is bound to: a string, number or bool
  /// literal, or a list literal of those.
  static func isConstant(_ expression: Expression) -> Bool {
    switch expression.kind {
    case .string, .integer, .float, .bool: true
    case .list(let elements): elements.allSatisfy { isScalarLiteral($0) }
    default: false
    }
  }

  private static func isScalarLiteral(_ expression: Expression) -> Bool {
    switch expression.kind {
    case .string, .integer, .float, .bool: true
    default: false
    }
  }

  /// Walks `function`'s body once for these constant arguments, when any argument is constant.
  private mutating func call(
    _ function: Int, _ arguments: [Expression], frame: Frame?, depth: Int, into facts: inout ConditionFacts
  ) {
    let values = arguments.map { bound($0, frame) }
    guard values.contains(where: { $0 != nil }), depth < Walker.maximumDepth,
      walker.checked.functions.indices.contains(function), seen.count < Self.maximumInstances,
      nodes < Self.maximumNodes
    else { return }
    let source = walker.checked.source
    // `function(text,…)`, `_` for an argument with no constant, appended to one string.
    var key = String(function)
    key.append("(")
    for (position, value) in values.enumerated() {
      if position > 0 { key.append(",") }
      if let value { key.append(source.text(value.range)) } else { key.append("_") }
    }
    key.append(")")
    guard seen.insert(key).inserted else { return }
    if shapes.indices.contains(function), shapes[function].isInert(for: values) {
      // Its walk would record nothing and start no instance: count its expressions as it would.
      nodes += shapes[function].expressions
      return
    }
    let instance = Frame(function: function, values: values)
    for statement in walker.checked.functions[function].declaration.body {
      walk(Self.value(of: statement), frame: instance, depth: depth + 1, into: &facts)
    }
  }
}
