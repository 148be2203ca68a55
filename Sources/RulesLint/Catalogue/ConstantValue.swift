/// A value known without evaluating a request.
public enum ConstantValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case float(Double)
  case string(String)

  var number: Double? {
    switch self {
    case .int(let value): Double(value)
    case .float(let value): value
    default: nil
    }
  }
}
