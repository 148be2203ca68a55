import RulesSemantics

extension Builtins {
  static let intExpected = "int(int), int(float), int(string)"
  static let floatExpected = "float(int), float(float), float(string)"
  static let stringExpected =
    "string(int), string(float), string(null), string(string), string(bool), string(path)"

  /// `int(x)`: a whole decimal int64 string as Java's `Long.parseLong` reads it (a sign, then
  /// decimal digits of any script in the BMP: `int('١٢')` is 12); a float truncated toward
  /// zero, saturating at the int64 bounds, NaN as 0 (Java's cast).
  static func toInt(_ arguments: [Value]) -> Value {
    if let error = arity(arguments, 1, intExpected) { return error }
    switch arguments[0] {
    case .int: return arguments[0]
    case .float(let value): return .int(saturatingInt(value))
    case .string(let text):
      guard let value = parseLong(text) else { return .error(.typeConversion(argument: text, to: "int")) }
      return .int(value)
    default: return mismatch("int", arguments, intExpected)
    }
  }

  /// `float(x)`: an int, a float, or a string in Java's double syntax.
  static func toFloat(_ arguments: [Value]) -> Value {
    if let error = arity(arguments, 1, floatExpected) { return error }
    switch arguments[0] {
    case .int(let value): return .float(Double(value))
    case .float: return arguments[0]
    case .string(let text):
      guard let value = JavaDouble.parse(text) else {
        return .error(.typeConversion(argument: text, to: "float"))
      }
      return .float(value)
    default: return mismatch("float", arguments, floatExpected)
    }
  }

  /// `string(x)` of an int, a float (as Java prints it), null, a string, a bool or a path.
  static func toString(_ arguments: [Value]) -> Value {
    if let error = arity(arguments, 1, stringExpected) { return error }
    switch arguments[0] {
    case .int(let value): return .string(String(value))
    case .float(let value): return .string(JavaDouble.format(value))
    case .null: return .string("null")
    case .string: return arguments[0]
    case .bool(let value): return .string(value ? "true" : "false")
    case .path(let path): return .string(path.description)
    default: return mismatch("string", arguments, stringExpected)
    }
  }

  /// Java's `Long.parseLong(text)`: an optional `+` or `-`, then one or more code units that
  /// are decimal digits (`Character.digit(c, 10)`: any Unicode decimal digit in the BMP), the
  /// value within the int64 range; nil otherwise.
  static func parseLong(_ text: String) -> Int64? {
    if let ascii = Int64(text), text.utf8.allSatisfy({ $0 < 0x80 }) { return ascii }
    var scalars = Substring(text).unicodeScalars[...]
    let negative = scalars.first == "-"
    if negative || scalars.first == "+" { scalars = scalars.dropFirst() }
    guard !scalars.isEmpty else { return nil }
    var value: Int64 = 0
    for scalar in scalars {
      guard scalar.value < 0x10000, scalar.properties.numericType == .decimal,
        let digit = scalar.properties.numericValue, digit >= 0, digit <= 9
      else { return nil }
      // Accumulate negatively, as Java does, so that Int64.min parses.
      let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
      let (next, o2) = shifted.subtractingReportingOverflow(Int64(digit))
      guard !o1, !o2 else { return nil }
      value = next
    }
    if negative { return value }
    return value == .min ? nil : -value
  }

  /// Java's `(long) value`.
  static func saturatingInt(_ value: Double) -> Int64 {
    if value.isNaN { return 0 }
    if value >= 9_223_372_036_854_775_808.0 { return .max }
    if value <= -9_223_372_036_854_775_808.0 { return .min }
    return Int64(value.rounded(.towardZero))
  }
}
