/// A runtime value of the rules language. Errors are values, so `&&` and `||` can absorb them.
// Not `indirect`: arrays and dictionaries already box their elements, and boxing every value
// costs a heap allocation per operation (measured: 7x slower comparisons).
public enum Value: Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case float(Double)
  case string(String)
  case bytes([UInt8])
  case list([Value])
  /// Keys compare by code units (``MapKey``).
  case map([MapKey: Value])
  case set(ValueSet)
  case mapDiff(MapDiff)
  case path(PathValue)
  case timestamp(Timestamp)
  case duration(RulesDuration)
  case latlng(LatLng)
  case error(EvaluationError)

  /// The type name as `is` and error messages spell it.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .int: "int"
    case .float: "float"
    case .string: "string"
    case .bytes: "bytes"
    case .list: "list"
    case .map: "map"
    case .set: "set"
    case .mapDiff: "map_diff"
    case .path: "path"
    case .timestamp: "timestamp"
    case .duration: "duration"
    case .latlng: "latlng"
    case .error: "error"
    }
  }

  public var isError: Bool {
    if case .error = self { return true }
    return false
  }
}

/// Why an evaluation failed, in production's wording (decisions.md §13).
public struct EvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Kind: Sendable, Hashable {
    /// An ordinary error value: it can be absorbed by `&&`/`||`.
    case value
    /// The request's budget ran out (expressions, look-ups, call depth): the whole request is
    /// denied and nothing absorbs it.
    case fatal
    /// Not an error: it stands for a value only a request supplies, while ``ConstantFolder``
    /// evaluates an expression without one. Never produced while deciding a request.
    case unknown
  }

  public var message: String
  public var kind: Kind

  public init(_ message: String, kind: Kind = .value) {
    self.message = message
    self.kind = kind
  }

  public var description: String { message }

  public static let nullValue = EvaluationError("Null value error.")
  public static let divideByZero = EvaluationError("Divide by zero error.")
  public static let indexOutOfBound = EvaluationError("Index out of bound error.")
  public static let illegalRange = EvaluationError("Illegal range error.")
  public static let typeConversion = EvaluationError("Type conversion error.")
  public static let invalidRegex = EvaluationError("Invalid regular expression pattern")
  public static let overflow = EvaluationError(
    "Integer value is out of the [-9223372036854775808, 9223372036854775807] range.")

  public static func undefinedProperty(_ name: String) -> EvaluationError {
    EvaluationError("Property \(name) is undefined on object.")
  }

  /// Reading the wildcard that stands for the listed child during a `list` (decisions.md §8).
  public static func unboundListChild(_ name: String) -> EvaluationError {
    EvaluationError(
      "Variable \(name) is not bound: in a list request it stands for the listed child, which has no name.")
  }

  public static func functionNotFound(_ name: String) -> EvaluationError {
    EvaluationError("Function not found error: Name: [\(name)].")
  }

  /// `Unsupported operation error. Received: int + string. Expected: …`
  public static func unsupported(
    _ left: String, _ op: String, _ right: String, expected: String
  ) -> EvaluationError {
    EvaluationError("Unsupported operation error. Received: \(left) \(op) \(right). Expected: \(expected).")
  }

  public static let expressionLimit = EvaluationError(
    "Unable to evaluate the expression as the maximum of 1000 expressions to evaluate has been reached.",
    kind: .fatal)
}
