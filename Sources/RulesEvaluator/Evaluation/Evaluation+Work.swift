import RulesRegex
import RulesSemantics
import RulesSyntax

/// The work budget (``EvaluationLimits/maximumWork``): each operation whose cost grows with its
/// operands is charged before it runs, from sizes already known (a string's byte count, a
/// list's count) or counted no further than the budget left, and what it builds is charged
/// after. Constant-time operations cost nothing here; the expression limit bounds them.
extension Evaluation {
  /// Adds `units` to the work done; the fatal ``EvaluationError/workLimit`` once over budget.
  @inline(__always)
  mutating func charge(_ units: Int) -> Value? {
    guard units > 0 else { return nil }
    work &+= units
    return work > EvaluationLimits.maximumWork ? .error(.workLimit) : nil
  }

  /// What is left of the budget, as a limit for ``Value/work(limit:)``.
  var workLeft: Int { EvaluationLimits.maximumWork - work }

  /// `left op right`, charged for what comparing, joining or searching its operands reads:
  /// both operands when they are strings, bytes or collections of the same kind (values of
  /// different kinds compare at once), the element and the list for `in` a list, and the
  /// element alone for `in` a map or set (a hashed look-up).
  mutating func binary(_ op: BinaryOperator, _ left: Value, _ right: Value) -> Value {
    var units = 0
    switch op {
    case .membership:
      units = left.work(limit: workLeft)
      if case .list = right { units += right.work(limit: workLeft - units) }
    case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .add:
      switch (left, right) {
      case (.string, .string), (.bytes, .bytes), (.list, .list), (.map, .map), (.set, .set), (.path, .path):
        units = left.work(limit: workLeft)
        units += right.work(limit: workLeft - units)
      default: break
      }
    default: break
    }
    if let exceeded = charge(units) { return exceeded }
    return Operators.binary(op, left, right)
  }

  /// `receiver.method(arguments)`, charged for reading its operands, for the backtracking of
  /// regular expressions, and for what it builds.
  mutating func callMethod(_ receiver: Value, _ method: BuiltinMethodID, _ arguments: [Value]) -> Value {
    var units = 0
    switch (method, receiver) {
    case (.size, .string(let text)): units = text.utf8.count
    case (.size, _): break
    case (.get, _): units = arguments.first?.work(limit: workLeft) ?? 0
    default:
      units = receiver.work(limit: workLeft)
      for argument in arguments where units <= workLeft { units += argument.work(limit: workLeft - units) }
    }
    // `keys()`, `values()` and the key sets of a diff sort their keys.
    switch (method, receiver) {
    case (.keys, .map(let map)), (.values, .map(let map)): units += Self.sortWork(map.count)
    case (_, .mapDiff(let diff)): units += Self.sortWork(diff.left.count + diff.right.count)
    default: break
    }
    if let exceeded = charge(units) { return exceeded }
    let result: Value
    switch (method, receiver) {
    case (.matches, .string), (.split, .string), (.replace, .string):
      var budget = RegexBudget(steps: max(0, workLeft) / EvaluationLimits.regexStepWork)
      let allowed = budget.steps
      result = Builtins.method(receiver, method, arguments, regexes: program.regexes, budget: &budget)
      work &+= (allowed - budget.steps) * EvaluationLimits.regexStepWork
      if budget.exhausted { return .error(.workLimit) }
    default:
      result = Builtins.method(receiver, method, arguments, regexes: program.regexes)
    }
    return charge(result.shallowWork) ?? result
  }

  /// What sorting `count` keys costs: a comparison, a quarter of an element's work, per key
  /// and halving.
  static func sortWork(_ count: Int) -> Int {
    count * (Int.bitWidth - count.leadingZeroBitCount) * EvaluationLimits.elementWork / 4
  }

  /// A global or namespace function, charged for reading its arguments and for its result.
  mutating func callBuiltin(_ function: BuiltinFunctionID, _ arguments: [Value]) -> Value {
    // `debug` hands back its first argument without reading it.
    if function != .global(.debug) {
      var units = 0
      for argument in arguments where units <= workLeft { units += argument.work(limit: workLeft - units) }
      if function == .hashing(.md5) || function == .hashing(.sha256) {
        units *= EvaluationLimits.digestByteWork
      }
      if let exceeded = charge(units) { return exceeded }
    }
    let result = Builtins.call(function, arguments)
    return charge(result.shallowWork) ?? result
  }
}
