extension Operators {
  static let addExpected =
    "int + int, float + float, string + string, duration + duration, duration + timestamp, timestamp + duration"
  static let subtractExpected =
    "int - int, float - float, duration - duration, timestamp - duration, timestamp - timestamp"

  /// Numbers (int + float is a float), strings (at most ``EvaluationLimits/maximumStringBytes``,
  /// checked before joining), and the timestamp/duration pairs.
  static func add(_ left: Value, _ right: Value) -> Value {
    switch (left, right) {
    case (.int(let a), .int(let b)):
      let (sum, overflow) = a.addingReportingOverflow(b)
      return overflow ? .error(.overflow) : .int(sum)
    case (.string(let a), .string(let b)):
      let length = a.utf8.count + b.utf8.count
      guard length <= EvaluationLimits.maximumStringBytes else {
        return .error(.stringTooLong(bytes: length))
      }
      return .string(a + b)
    case (.timestamp(let t), .duration(let d)), (.duration(let d), .timestamp(let t)):
      return TimeArithmetic.add(t, d)
    case (.duration(let a), .duration(let b)): return TimeArithmetic.add(a, b)
    default:
      if let (a, b) = floats(left, right) { return .float(a + b) }
      return .error(.unsupported(left.typeName, "+", right.typeName, expected: addExpected))
    }
  }

  static func subtract(_ left: Value, _ right: Value) -> Value {
    switch (left, right) {
    case (.int(let a), .int(let b)):
      let (difference, overflow) = a.subtractingReportingOverflow(b)
      return overflow ? .error(.overflow) : .int(difference)
    case (.timestamp(let t), .duration(let d)): return TimeArithmetic.add(t, d.negated)
    case (.timestamp(let a), .timestamp(let b)): return TimeArithmetic.difference(a, b)
    case (.duration(let a), .duration(let b)): return TimeArithmetic.add(a, b.negated)
    default:
      if let (a, b) = floats(left, right) { return .float(a - b) }
      return .error(.unsupported(left.typeName, "-", right.typeName, expected: subtractExpected))
    }
  }

  static func multiply(_ left: Value, _ right: Value) -> Value {
    if case .int(let a) = left, case .int(let b) = right {
      let (product, overflow) = a.multipliedReportingOverflow(by: b)
      return overflow ? .error(.overflow) : .int(product)
    }
    if let (a, b) = floats(left, right) { return .float(a * b) }
    return .error(.unsupported(left.typeName, "*", right.typeName, expected: "int * int, float * float"))
  }

  /// Ints truncate toward zero, and `Int64.min / -1` wraps to `Int64.min` as production's
  /// (Java's) division does; floats follow IEEE 754 (dividing by zero gives an infinity).
  static func divide(_ left: Value, _ right: Value) -> Value {
    if case .int(let a) = left, case .int(let b) = right {
      if b == 0 { return .error(.divideByZero) }
      return .int(a.dividedReportingOverflow(by: b).partialValue)
    }
    if let (a, b) = floats(left, right) { return .float(a / b) }
    return .error(.unsupported(left.typeName, "/", right.typeName, expected: "int / int, float / float"))
  }

  /// The remainder has the dividend's sign, for ints and floats (Java's `%`).
  static func remainder(_ left: Value, _ right: Value) -> Value {
    if case .int(let a) = left, case .int(let b) = right {
      if b == 0 { return .error(.divideByZero) }
      // Int64.min % -1 is 0 (Java), where Swift would trap.
      return b == -1 ? .int(0) : .int(a % b)
    }
    if let (a, b) = floats(left, right) { return .float(a.truncatingRemainder(dividingBy: b)) }
    return .error(.unsupported(left.typeName, "%", right.typeName, expected: "int % int, float % float"))
  }

  /// Both operands as doubles when both are numbers and at least one is a float.
  @inline(__always)
  static func floats(_ left: Value, _ right: Value) -> (Double, Double)? {
    switch (left, right) {
    case (.float(let a), .float(let b)): return (a, b)
    case (.int(let a), .float(let b)): return (Double(a), b)
    case (.float(let a), .int(let b)): return (a, Double(b))
    default: return nil
    }
  }
}
