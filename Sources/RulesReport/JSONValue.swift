/// A JSON document whose objects keep their members in the order they were written, so that
/// output follows the field order of the contract in `cli.md`, byte for byte on every platform.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number in its JSON spelling.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([Member])
  /// Already serialized JSON, written as is: a cache for parts that repeat across documents.
  case fragment(String)

  /// One `"key": value` member of an object.
  public struct Member: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// How a document is laid out.
  public enum Layout: Sendable {
    /// Two-space indentation; an object or array that holds only scalars stays on one line.
    case pretty
    /// One line with no spaces, for JSON lines.
    case compact
  }

  /// The JSON text of this value, without a trailing newline.
  public func serialized(_ layout: Layout = .pretty) -> String {
    var output = ""
    write(to: &output, layout: layout, indent: 0)
    return output
  }

  private var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }

  /// The compact form, without the pretty layout's bookkeeping: JSON lines are written often.
  private func writeCompact(to output: inout String) {
    switch self {
    case .fragment(let text): output += text
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let spelling): output += spelling
    case .string(let value): Self.writeQuoted(value, to: &output)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.writeCompact(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        Self.writeQuoted(member.key, to: &output)
        output += ":"
        member.value.writeCompact(to: &output)
      }
      output += "}"
    }
  }

  private func write(to output: inout String, layout: Layout, indent: Int) {
    if layout == .compact {
      writeCompact(to: &output)
      return
    }
    switch self {
    case .fragment(let text): output += text
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let spelling): output += spelling
    case .string(let value): Self.writeQuoted(value, to: &output)
    case .array(let elements):
      writeContainer(
        "[", "]", elements.map { (nil, $0) }, to: &output, layout: layout, indent: indent)
    case .object(let members):
      writeContainer(
        "{", "}", members.map { ($0.key, $0.value) }, to: &output, layout: layout, indent: indent)
    }
  }

  private func writeContainer(
    _ open: String, _ close: String, _ items: [(key: String?, value: JSONValue)],
    to output: inout String, layout: Layout, indent: Int
  ) {
    let multiline = layout == .pretty && items.contains { $0.value.isContainer }
    let separator = layout == .pretty && !multiline ? ", " : ","
    let colon = layout == .pretty ? ": " : ":"
    let innerIndent = String(repeating: " ", count: indent + 2)
    output += open
    for (index, item) in items.enumerated() {
      if index > 0 { output += separator }
      if multiline { output += "\n" + innerIndent }
      if let key = item.key {
        Self.writeQuoted(key, to: &output)
        output += colon
      }
      item.value.write(to: &output, layout: layout, indent: indent + 2)
    }
    if multiline { output += "\n" + String(repeating: " ", count: indent) }
    output += close
  }

  private static func writeQuoted(_ string: String, to output: inout String) {
    // Most strings need no escaping: append them whole.
    if !string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
      output += "\""
      output += string
      output += "\""
      return
    }
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
