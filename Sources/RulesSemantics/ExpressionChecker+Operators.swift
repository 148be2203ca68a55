import RulesSyntax

extension Analysis {
  mutating func binaryType(
    _ op: BinaryOperator, _ left: Expression, _ leftType: StaticType, _ right: Expression,
    _ rightType: StaticType
  ) -> StaticType {
    let l = leftType.exactType
    let r = rightType.exactType
    switch op {
    case .logicalAnd, .logicalOr:
      expectBool(left, leftType, role: "each side of '\(op.spelling)'")
      expectBool(right, rightType, role: "each side of '\(op.spelling)'")
      return .bool
    case .equal, .notEqual:
      if let l, let r, l != r, l != .null, r != .null, !(leftType.isNumeric && rightType.isNumeric) {
        report(
          SemanticDiagnostics.typeMismatch,
          "comparing \(l.spoken) with \(r.spoken) is always \(op == .equal ? "false" : "true"): values of different types are never equal",
          at: left.range.union(right.range))
      }
      return .bool
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      checkOrdering(op, left, leftType, right, rightType)
      return .bool
    case .membership:
      if let r, r != .list, r != .map, r != .set {
        report(
          SemanticDiagnostics.typeMismatch,
          "'in' needs a list, map or set on its right, but this is \(r.spoken)",
          at: right.range)
      }
      return .bool
    case .add, .subtract, .multiply, .divide, .remainder:
      return arithmeticType(op, left, leftType, right, rightType)
    }
  }

  private mutating func checkOrdering(
    _ op: BinaryOperator, _ left: Expression, _ leftType: StaticType, _ right: Expression,
    _ rightType: StaticType
  ) {
    for side in 0..<2 {
      let (expression, type) = side == 0 ? (left, leftType) : (right, rightType)
      if let exact = type.exactType, !Self.isOrderable(exact) {
        report(
          SemanticDiagnostics.typeMismatch, "'\(op.spelling)' cannot order \(exact.spoken)",
          at: expression.range)
        return
      }
    }
    if leftType.isNumeric && rightType.isNumeric { return }
    if let l = leftType.exactType, let r = rightType.exactType, l != r {
      report(
        SemanticDiagnostics.typeMismatch,
        "'\(op.spelling)' compares \(l.spoken) with \(r.spoken); ordering across types is an error",
        at: left.range.union(right.range))
    } else if leftType.isNumeric != rightType.isNumeric, leftType.isNumeric || rightType.isNumeric,
      let other = (leftType.isNumeric ? rightType : leftType).exactType
    {
      report(
        SemanticDiagnostics.typeMismatch,
        "'\(op.spelling)' compares a number with \(other.spoken); ordering across types is an error",
        at: left.range.union(right.range))
    }
  }

  private mutating func arithmeticType(
    _ op: BinaryOperator, _ left: Expression, _ leftType: StaticType, _ right: Expression,
    _ rightType: StaticType
  ) -> StaticType {
    if leftType.isNumeric && rightType.isNumeric {
      if leftType == .int && rightType == .int { return .int }
      if leftType == .float || rightType == .float { return .float }
      return .number
    }
    guard let l = leftType.exactType ?? (leftType.isNumeric ? .int : nil),
      let r = rightType.exactType ?? (rightType.isNumeric ? .int : nil)
    else { return .unknown }
    switch (op, l, r) {
    case (.add, .string, .string): return .string
    case (.add, .timestamp, .duration), (.add, .duration, .timestamp), (.subtract, .timestamp, .duration):
      return .value(.timestamp)
    case (.add, .duration, .duration), (.subtract, .duration, .duration), (.subtract, .timestamp, .timestamp):
      return .value(.duration)
    case (.add, .list, .list):
      report(
        SemanticDiagnostics.typeMismatch, "'+' does not join lists in production rules; use a.concat(b)",
        at: left.range.union(right.range))
      return .unknown
    default:
      let advice = (l == .string || r == .string) && op == .add ? "; convert with string(x) first" : ""
      report(
        SemanticDiagnostics.typeMismatch,
        "'\(op.spelling)' is not defined for \(leftType.spoken) and \(rightType.spoken)\(advice)",
        at: left.range.union(right.range))
      return .unknown
    }
  }

  /// Whether `<`, `<=`, `>` and `>=` are defined on values of `type`.
  private static func isOrderable(_ type: ValueType) -> Bool {
    switch type {
    case .int, .float, .string, .timestamp, .duration: true
    default: false
    }
  }
}
