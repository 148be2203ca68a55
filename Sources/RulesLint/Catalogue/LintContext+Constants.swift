import RulesSyntax

extension LintContext {
  /// How many nested calls constant folding follows.
  public static let maximumFoldingDepth = 6

  /// The value of `expression` when it is the same for every request: literals, `!`, `&&`
  /// and `||` (with production's error tolerance: `x || true` is true whatever `x` is),
  /// comparisons and `+` of constants, `?:` with a constant condition, and calls of user
  /// functions whose result is constant.
  public func constant(_ expression: Expression, _ bindings: Bindings = Bindings()) -> ConstantValue? {
    let (expression, bindings) = dereference(expression, bindings)
    switch expression.kind {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .integer(let value): return .int(value)
    case .float(let value): return .float(value)
    case .string(let value): return .string(value)
    case .unary(.logicalNot, let operand):
      guard case .bool(let value)? = constant(operand, bindings) else { return nil }
      return .bool(!value)
    case .unary(.negate, let operand):
      switch constant(operand, bindings) {
      case .int(let value)? where value != .min: return .int(-value)
      case .float(let value)?: return .float(-value)
      default: return nil
      }
    case .binary(let op, let left, let right):
      return constantBinary(op, left, right, bindings)
    case .ternary(let condition, let then, let otherwise):
      guard case .bool(let value)? = constant(condition, bindings) else { return nil }
      return constant(value ? then : otherwise, bindings)
    case .call:
      // Shallow on purpose: `f() && f()` in every helper would double the work per level.
      guard bindings.depth < Self.maximumFoldingDepth,
        let (body, inner) = inlinedBody(of: expression, bindings: bindings)
      else { return nil }
      return constant(body, inner)
    default:
      return nil
    }
  }

  /// The boolean value of `expression` when it is constant.
  public func constantBool(_ expression: Expression, _ bindings: Bindings = Bindings()) -> Bool? {
    guard case .bool(let value)? = constant(expression, bindings) else { return nil }
    return value
  }

  /// The string value of `expression` when it is constant.
  public func constantString(_ expression: Expression, _ bindings: Bindings = Bindings()) -> String? {
    guard case .string(let value)? = constant(expression, bindings) else { return nil }
    return value
  }

  private func constantBinary(
    _ op: BinaryOperator, _ left: Expression, _ right: Expression, _ bindings: Bindings
  ) -> ConstantValue? {
    switch op {
    case .logicalOr, .logicalAnd:
      let decisive = op == .logicalOr
      let lhs = constantBool(left, bindings)
      let rhs = constantBool(right, bindings)
      if lhs == decisive || rhs == decisive { return .bool(decisive) }
      if lhs == !decisive && rhs == !decisive { return .bool(!decisive) }
      return nil
    default:
      break
    }
    guard let lhs = constant(left, bindings), let rhs = constant(right, bindings) else { return nil }
    switch op {
    case .equal: return .bool(Self.equal(lhs, rhs))
    case .notEqual: return .bool(!Self.equal(lhs, rhs))
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      guard let order = Self.order(lhs, rhs) else { return nil }
      switch op {
      case .less: return .bool(order < 0)
      case .lessOrEqual: return .bool(order <= 0)
      case .greater: return .bool(order > 0)
      default: return .bool(order >= 0)
      }
    case .add:
      switch (lhs, rhs) {
      case (.string(let a), .string(let b)): return .string(a + b)
      case (.int(let a), .int(let b)):
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : .int(sum)
      default:
        guard let a = lhs.number, let b = rhs.number else { return nil }
        return .float(a + b)
      }
    default:
      return nil
    }
  }

  private static func equal(_ lhs: ConstantValue, _ rhs: ConstantValue) -> Bool {
    if let a = lhs.number, let b = rhs.number { return a == b }
    return lhs == rhs
  }

  private static func order(_ lhs: ConstantValue, _ rhs: ConstantValue) -> Int? {
    if let a = lhs.number, let b = rhs.number { return a < b ? -1 : (a == b ? 0 : 1) }
    if case .string(let a) = lhs, case .string(let b) = rhs { return a < b ? -1 : (a == b ? 0 : 1) }
    return nil
  }
}
