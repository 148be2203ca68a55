extension Value {
  /// The value as rules source would spell it: `'alice'`, `5`, `1.5`, `[1, 2]`, `{'k': true}`,
  /// `/b/bucket/o/x`, `timestamp('2026-01-02T03:04:05Z')`, `duration(90s)`; errors as
  /// `error: <message>`. Maps list their keys in key order (``MapKey``: UTF-16 code units).
  public var displayText: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .float(let value):
      if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) + ".0" }
      return String(value)
    case .string(let value): return Self.quoted(value)
    case .bytes(let value):
      let digits = Array("0123456789ABCDEF")
      return "b'" + value.map { "\\x" + String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined() + "'"
    case .list(let values): return "[" + values.map(\.displayText).joined(separator: ", ") + "]"
    case .map(let map):
      return "{"
        + map.sorted { $0.key < $1.key }.map { "\(Self.quoted($0.key.string)): \($0.value.displayText)" }
        .joined(separator: ", ") + "}"
    case .set(let set): return "set(" + set.elements.map(\.displayText).joined(separator: ", ") + ")"
    case .mapDiff(let diff):
      return "diff(\(Value.map(diff.left).displayText), \(Value.map(diff.right).displayText))"
    case .path(let path): return path.description
    case .timestamp(let time): return "timestamp('\(RFC3339.format(time))')"
    case .duration(let duration):
      let nanos = duration.nanos == 0 ? "" : "." + String(abs(Int(duration.nanos)))
      return "duration(\(duration.seconds)\(nanos)s)"
    case .latlng(let point): return "latlng(\(point.latitude), \(point.longitude))"
    case .error(let error): return "error: \(error.message)"
    }
  }

  private static func quoted(_ text: String) -> String {
    var result = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "'": result += "\\'"
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "'"
  }
}
