/// A JSON document as read from user input: numbers keep whether they were written as
/// integers, object members keep their order, and strings and member names compare by code
/// units (`"\u00e9"` and `"e\u0301"` are different names).
public enum JSONInput: Sendable, Equatable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONInput])
  case object([(key: String, value: JSONInput)])

  public static func == (lhs: JSONInput, rhs: JSONInput) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): JavaString.equal(a, b)
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { JavaString.equal($0.key, $1.key) && $0.value == $1.value }
    default: false
    }
  }

  /// The member `key` of an object, if present.
  public subscript(key: String) -> JSONInput? {
    guard case .object(let members) = self else { return nil }
    return members.first { JavaString.equal($0.key, key) }?.value
  }

  /// How the value's type is named in messages.
  public var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// A malformed JSON document: what is wrong and where (1-based line and column, columns in
/// Unicode scalars).
public struct JSONInputError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var line: Int
  public var column: Int

  public var description: String { "\(line):\(column): \(message)" }
}
