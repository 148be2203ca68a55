import RulesEvaluator
import RulesReport

/// The `id` of a JSON-RPC request: an integer or a string, echoed unchanged in the response.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
  case integer(Int64)
  case string(String)

  /// The id `value` spells, or nil when it is neither an integer nor a string.
  init?(_ value: JSONInput) {
    switch value {
    case .integer(let number): self = .integer(number)
    case .string(let text): self = .string(text)
    default: return nil
    }
  }

  /// The id as JSON.
  public var json: JSONValue {
    switch self {
    case .integer(let number): .number(String(number))
    case .string(let text): .string(text)
    }
  }

  public var description: String {
    switch self {
    case .integer(let number): String(number)
    case .string(let text): "\"\(text)\""
    }
  }
}
