import RulesSemantics

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Builtins {
  /// `math.*` as production has it (Java's `Math`): `abs` keeps the type (`abs(Int64.min)` is
  /// `Int64.min`); `ceil` and `floor` return a float; `round` rounds half up to an int (NaN is
  /// 0, out-of-range values saturate); `sqrt` and `pow` return a float; `isNaN` a bool. There is
  /// no `math.isInfinite`.
  static func math(_ name: BuiltinFunctionID.Math, _ arguments: [Value]) -> Value {
    switch name {
    case .abs:
      let expected = "math.abs(int), math.abs(float)"
      if let error = arity(arguments, 1, expected) { return error }
      switch arguments[0] {
      case .int(let value): return .int(value < 0 ? 0 &- value : value)
      case .float(let value): return .float(Swift.abs(value))
      default: return mismatch("math.abs", arguments, expected)
      }
    case .ceil, .floor, .sqrt, .isNaN, .round:
      // Built only on the error paths that report it.
      func expected() -> String { "math.\(name)(float)" }
      if let error = arity(arguments, 1, expected()) { return error }
      if name == .round, case .int = arguments[0] { return arguments[0] }
      guard let value = number(arguments[0]) else { return mismatch("math.\(name)", arguments, expected()) }
      switch name {
      case .ceil: return .float(value.rounded(.up))
      case .floor: return .float(value.rounded(.down))
      case .sqrt: return .float(value.squareRoot())
      case .isNaN: return .bool(value.isNaN)
      default: return .int(roundHalfUp(value))
      }
    case .pow:
      let expected = "math.pow(float, float)"
      if let error = arity(arguments, 2, expected) { return error }
      guard let base = number(arguments[0]), let exponent = number(arguments[1]) else {
        return mismatch("math.pow", arguments, expected)
      }
      return .float(pow(base, exponent))
    }
  }

  /// An int or a float as a double.
  @inline(__always)
  static func number(_ value: Value) -> Double? {
    switch value {
    case .int(let number): Double(number)
    case .float(let number): number
    default: nil
    }
  }

  /// Java's `Math.round(double)`: floor(x + 0.5) computed exactly, NaN as 0, saturating.
  private static func roundHalfUp(_ value: Double) -> Int64 {
    let floor = value.rounded(.down)
    return saturatingInt(value - floor >= 0.5 ? floor + 1 : floor)
  }
}
