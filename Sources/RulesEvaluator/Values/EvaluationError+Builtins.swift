import RulesRegex

/// Errors of operators and built-in functions, worded as production words them where that is
/// recorded (Storage Rules Test API observations); the others follow the same shapes.
extension EvaluationError {
  /// `Index out of bound error. Index: [4] , size: [4].`
  public static func indexOutOfBound(index: Int64, size: Int) -> EvaluationError {
    EvaluationError("Index out of bound error. Index: [\(index)] , size: [\(size)].")
  }

  /// `Illegal range error. From index: [3] , To index: [1].`
  public static func illegalRange(from: Int64, to: Int64) -> EvaluationError {
    EvaluationError("Illegal range error. From index: [\(from)] , To index: [\(to)].")
  }

  /// `Invalid regular expression pattern. Pattern: (.`
  public static func invalidRegex(pattern: String) -> EvaluationError {
    EvaluationError("Invalid regular expression pattern. Pattern: \(pattern).")
  }

  /// A match that PCRE2 stopped at its limits (RE2, which production uses, never backtracks):
  /// one attempt needed more than ``RegexPattern/Limits/matchLimit`` backtracking steps.
  public static let regexMatchLimit = EvaluationError(
    "Regular expression match limit exceeded: the pattern needs more than rulescheck's limit of "
      + "\(RegexPattern.Limits.standard.matchLimit) backtracking steps at one position of this input.")

  /// `Type conversion error. Argument: [12abc], From type: [string], To type: [int].`
  public static func typeConversion(argument: String, to type: String) -> EvaluationError {
    EvaluationError(
      "Type conversion error. Argument: [\(argument)], From type: [string], To type: [\(type)].")
  }

  /// `Unsupported operation error. Received: math.abs(string). Expected: math.abs(int), math.abs(float).`
  public static func unsupportedCall(
    _ name: String, _ arguments: [Value], expected: String
  ) -> EvaluationError {
    let types = arguments.map(\.typeName).joined(separator: ", ")
    return EvaluationError("Unsupported operation error. Received: \(name)(\(types)). Expected: \(expected).")
  }

  /// `Incorrect number of arguments. Received: 2. Expected: int(int), int(float), int(string).`
  public static func argumentCount(_ received: Int, expected: String) -> EvaluationError {
    EvaluationError("Incorrect number of arguments. Received: \(received). Expected: \(expected).")
  }

  /// `Unsupported operation error. Received: -string. Expected: -int, -float.`
  public static func unsupportedUnary(_ op: String, _ operand: Value, expected: String) -> EvaluationError {
    EvaluationError("Unsupported operation error. Received: \(op)\(operand.typeName). Expected: \(expected).")
  }

  /// `Unsupported operation error. Received: list[string]. Expected: list[int].`
  public static func unsupportedIndex(_ base: Value, _ index: String, expected: String) -> EvaluationError {
    EvaluationError(
      "Unsupported operation error. Received: \(base.typeName)[\(index)]. Expected: \(expected).")
  }

  /// `Unsupported operation error. Received: map.in(int). Expected: map.in(string).`
  public static func mapMembership(_ key: Value) -> EvaluationError {
    EvaluationError(
      "Unsupported operation error. Received: map.in(\(key.typeName)). Expected: map.in(string).")
  }

  /// A timestamp outside 0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999999999Z (production's
  /// wording, also for `timestamp.value(string)` text it cannot read).
  public static let timestampOutOfRange = EvaluationError(
    "Timestamp is not valid. Seconds must be in range [-62,135,596,800, +253,402,300,799]. "
      + "Nanos must be in range [0, +999,999,999].")

  /// A duration beyond ±315,576,000,000 seconds (10,000 years), in production's wording.
  public static let durationOutOfRange = EvaluationError(
    "Duration is not valid. Seconds must be in range [-315,576,000,000, +315,576,000,000]. "
      + "Nanos must be in range [-999,999,999, +999,999,999]. Nanos must have the same sign as seconds.")

  /// `timestamp.date(2025, 2, 30)` and other impossible dates: `Date is not valid. year: 2021,
  /// month: 2 day: 29.`
  public static func invalidDate(year: Int64, month: Int64, day: Int64) -> EvaluationError {
    EvaluationError("Date is not valid. year: \(year), month: \(month) day: \(day).")
  }

  /// `timestamp.date(y, m, d)` with a year outside 1...9999.
  public static func yearOutOfRange(_ year: Int64) -> EvaluationError {
    EvaluationError(
      "Timestamp should be between 0001-01-01T00.00.00Z and 9999-12-31T23.59.59Z. year: \(year).")
  }

  /// `duration.value(1, 'y')`: production reports the unit as a regular expression it could
  /// not use (`Invalid regular expression pattern. Pattern: y.`).
  public static func invalidDurationUnit(_ unit: String) -> EvaluationError {
    invalidRegex(pattern: unit)
  }

  /// A value of type `received` where production needs one of `expected`: `Type error.
  /// Received: [int] Expected: [bool].`
  public static func typeError(_ received: Value, expected: String) -> EvaluationError {
    EvaluationError("Type error. Received: [\(received.typeName)] Expected: [\(expected)].")
  }

  /// `latlng.value(-100, 0)`; the numbers print as Java prints doubles.
  public static func invalidLatLng(latitude: String, longitude: String) -> EvaluationError {
    EvaluationError(
      "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. "
        + "latitude: \(latitude), longitude: \(longitude).")
  }

  /// A replacement string of `replace()` that Java's `Matcher` rejects.
  public static func invalidReplacement(_ detail: String) -> EvaluationError {
    EvaluationError("Invalid replacement string: \(detail).")
  }

  /// `x is whatever` with a name that is no type.
  public static func unknownTypeName(_ name: String) -> EvaluationError {
    EvaluationError(
      "Unsupported operation error. Received: is \(name). Expected: one of bool, bytes, duration, float, "
        + "int, latlng, list, map, null, number, path, set, string, timestamp.")
  }
}
