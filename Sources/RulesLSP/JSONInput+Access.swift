import RulesEvaluator
import RulesReport

extension JSONInput {
  /// The string, when this is one.
  var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The integer, when this is a number without a fraction that fits an `Int`.
  var intValue: Int? {
    switch self {
    case .integer(let number): Int(exactly: number)
    case .number(let number): number.rounded() == number ? Int(exactly: number) : nil
    default: nil
    }
  }

  /// The boolean, when this is one.
  var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  /// The elements, when this is an array.
  var arrayValue: [JSONInput]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The member at `path` (object keys), or nil when any step is missing.
  subscript(path path: String...) -> JSONInput? {
    var value: JSONInput? = self
    for key in path { value = value?[key] }
    return value
  }

  /// The same value as an output document, members in their order.
  var jsonValue: JSONValue {
    switch self {
    case .null: .null
    case .bool(let flag): .bool(flag)
    case .integer(let number): .number(String(number))
    case .number(let number): number.isFinite ? .number(String(number)) : .null
    case .string(let text): .string(text)
    case .array(let elements): .array(elements.map(\.jsonValue))
    case .object(let members): .object(members.map { JSONValue.Member($0.key, $0.value.jsonValue) })
    }
  }
}

extension JSONValue {
  /// An object with `members` in order.
  static func members(_ members: (String, JSONValue)...) -> JSONValue {
    .object(members.map { JSONValue.Member($0.0, $0.1) })
  }

  /// A JSON integer.
  static func int(_ number: Int) -> JSONValue { .number(String(number)) }
}
