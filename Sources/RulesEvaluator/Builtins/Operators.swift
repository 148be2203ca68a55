import RulesSyntax

/// The operators of the rules language over evaluated values (rules-language.md §5–6,
/// decisions.md §13–15, §20). Pure functions; an error operand is returned unchanged, the left
/// one first.
public enum Operators {
  /// Arithmetic, comparison and `in`. `&&` and `||` given here are decided over both values,
  /// commutatively over errors (decisions.md §13); short-circuiting is the caller's.
  public static func binary(_ op: BinaryOperator, _ left: Value, _ right: Value) -> Value {
    switch op {
    case .logicalAnd, .logicalOr: return logical(op, left, right)
    default: break
    }
    if case .error = left { return left }
    if case .error = right { return right }
    switch op {
    case .equal: return .bool(left.rulesEquals(right))
    case .notEqual: return .bool(!left.rulesEquals(right))
    case .less, .lessOrEqual, .greater, .greaterOrEqual: return compare(op, left, right)
    case .membership: return membership(left, in: right)
    case .add: return add(left, right)
    case .subtract: return subtract(left, right)
    case .multiply: return multiply(left, right)
    case .divide: return divide(left, right)
    case .remainder: return remainder(left, right)
    case .logicalAnd, .logicalOr: return logical(op, left, right)
    }
  }

  /// `!x` on a bool and `-x` on an int, a float or a duration.
  public static func unary(_ op: UnaryOperator, _ operand: Value) -> Value {
    switch (op, operand) {
    case (_, .error): return operand
    case (.logicalNot, .bool(let value)): return .bool(!value)
    case (.logicalNot, _): return .error(.unsupportedUnary("!", operand, expected: "!bool"))
    case (.negate, .int(let value)):
      return value == .min ? .error(.overflow) : .int(-value)
    case (.negate, .float(let value)): return .float(-value)
    case (.negate, .duration(let span)): return .duration(span.negated)
    case (.negate, _): return .error(.unsupportedUnary("-", operand, expected: "-int, -float, -duration"))
    }
  }

  /// `value is typeName`; `number` is int or float. `set`, `constraint` and `vector` are never
  /// true: production answers false for `[1].toSet() is set` (and a set is no list or map
  /// either). An unknown name is an error.
  public static func isType(_ value: Value, _ typeName: String) -> Value {
    if case .error = value { return value }
    switch typeName {
    case "number":
      switch value {
      case .int, .float: return .bool(true)
      default: return .bool(false)
      }
    case "bool", "int", "float", "string", "bytes", "list", "map", "path", "timestamp", "duration",
      "latlng", "map_diff":
      return .bool(value.typeName == typeName)
    case "set", "constraint", "vector":
      return .bool(false)
    default:
      return .error(.unknownTypeName(typeName))
    }
  }

  /// `a && b` / `a || b` with both values known: a deciding operand wins over an error.
  private static func logical(_ op: BinaryOperator, _ left: Value, _ right: Value) -> Value {
    let decider = op == .logicalOr
    if case .bool(let value) = left, value == decider { return left }
    if case .bool(let value) = right, value == decider { return right }
    return undecided(left, right, decisive: decider)
  }

  /// `&&` / `||` when neither operand is the deciding bool: the first operand, left to right,
  /// that is an error or not a bool (production: `Type error. Received: [int] Expected:
  /// [bool].`), else the non-deciding bool.
  @inline(__always)
  static func undecided(_ left: Value, _ right: Value, decisive: Bool) -> Value {
    if let failure = notBool(left) ?? notBool(right) { return failure }
    return .bool(!decisive)
  }

  /// The operand itself when it is an error, the type error when it is not a bool, else nil.
  @inline(__always)
  private static func notBool(_ operand: Value) -> Value? {
    switch operand {
    case .bool: nil
    case .error: operand
    default: .error(.typeError(operand, expected: "bool"))
    }
  }
}
