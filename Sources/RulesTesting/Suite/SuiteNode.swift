import RulesEvaluator

/// A value of a suite document, YAML or JSON, with where it was written.
struct SuiteNode: Sendable, Equatable {
  /// A mapping member: its key, where the key was written, and its value.
  struct Entry: Sendable, Equatable {
    let key: String
    let keyLocation: SuiteLocation
    let value: SuiteNode
  }

  enum Kind: Sendable, Equatable {
    /// A scalar's text; `plain` when written without quotes (and not as a block scalar), so
    /// that `true`, `12` and `null` mean what they mean in JSON.
    case scalar(String, plain: Bool)
    case mapping([Entry])
    case sequence([SuiteNode])
  }

  let kind: Kind
  let location: SuiteLocation

  /// `null`, `~` or nothing at all, unquoted.
  var isNull: Bool {
    guard case .scalar(let text, plain: true) = kind else { return false }
    return ["", "~", "null", "Null", "NULL"].contains(text)
  }

  /// How the value's type is named in messages.
  var kindName: String {
    switch kind {
    case .mapping: "a mapping"
    case .sequence: "a list"
    case .scalar:
      switch json {
      case .null: "null"
      case .bool: "a boolean"
      case .integer, .number: "a number"
      default: "a string"
      }
    }
  }

  /// The value as JSON. Plain scalars resolve as in YAML 1.2's core schema (`true`, `null`,
  /// `12`, `1.5e3`, `.inf`); quoted scalars are strings.
  var json: JSONInput {
    switch kind {
    case .mapping(let entries): return .object(entries.map { ($0.key, $0.value.json) })
    case .sequence(let elements): return .array(elements.map(\.json))
    case .scalar(let text, plain: false): return .string(text)
    case .scalar(let text, plain: true):
      if isNull { return .null }
      switch text {
      case "true", "True", "TRUE": return .bool(true)
      case "false", "False", "FALSE": return .bool(false)
      case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
      case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
      case ".nan", ".NaN", ".NAN": return .number(.nan)
      default: break
      }
      if let integer = Self.integer(text) { return .integer(integer) }
      if Self.looksLikeFloat(text), let number = Double(text) { return .number(number) }
      return .string(text)
    }
  }

  /// Decimal, `0x` hexadecimal and `0o` octal integers that fit 64 bits.
  private static func integer(_ text: String) -> Int64? {
    let scalars = Array(text.unicodeScalars)
    var digits = Substring(text)
    var negative = false
    if let sign = scalars.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    var radix = 10
    if digits.hasPrefix("0x") {
      radix = 16
      digits = digits.dropFirst(2)
    } else if digits.hasPrefix("0o") {
      radix = 8
      digits = digits.dropFirst(2)
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit }) else { return nil }
    guard let magnitude = UInt64(digits, radix: radix) else { return nil }
    if negative {
      return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, checked without a regex.
  private static func looksLikeFloat(_ text: String) -> Bool {
    var scalars = Substring(text).unicodeScalars[...]
    if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
    let mantissa = scalars.prefix { $0 != "e" && $0 != "E" }
    let exponent = scalars.dropFirst(mantissa.count)
    let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let digitsOnly = { (part: Substring.UnicodeScalarView.SubSequence) in
      part.allSatisfy { ("0"..."9").contains($0) }
    }
    guard parts.allSatisfy(digitsOnly), parts.contains(where: { !$0.isEmpty }) else { return false }
    guard !exponent.isEmpty else { return true }
    var power = exponent.dropFirst()
    if let sign = power.first, sign == "-" || sign == "+" { power = power.dropFirst() }
    return !power.isEmpty && digitsOnly(power)
  }
}
