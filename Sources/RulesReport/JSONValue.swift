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
    // Written as UTF-8 bytes, which appends cheaper than a String for documents of megabytes.
    var output: [UInt8] = []
    write(to: &output, layout: layout, indent: 0)
    return String(decoding: output, as: UTF8.self)
  }

  private var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }

  /// The compact form, without the pretty layout's bookkeeping: JSON lines are written often.
  private func writeCompact(to output: inout [UInt8]) {
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

  private func write(to output: inout [UInt8], layout: Layout, indent: Int) {
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
      let multiline = elements.contains { $0.isContainer }
      output += "["
      for (index, element) in elements.enumerated() {
        Self.separate(index, multiline: multiline, indent: indent + 2, in: &output)
        element.write(to: &output, layout: layout, indent: indent + 2)
      }
      if multiline { Self.newline(indent, in: &output) }
      output += "]"
    case .object(let members):
      let multiline = members.contains { $0.value.isContainer }
      output += "{"
      for (index, member) in members.enumerated() {
        Self.separate(index, multiline: multiline, indent: indent + 2, in: &output)
        Self.writeQuoted(member.key, to: &output)
        output += ": "
        member.value.write(to: &output, layout: layout, indent: indent + 2)
      }
      if multiline { Self.newline(indent, in: &output) }
      output += "}"
    }
  }

  /// What goes before item `index` of a pretty container: a comma after the first, then a
  /// new indented line (a container of containers) or a space.
  private static func separate(_ index: Int, multiline: Bool, indent: Int, in output: inout [UInt8]) {
    if index > 0 { output += multiline ? "," : ", " }
    if multiline { newline(indent, in: &output) }
  }

  private static func newline(_ indent: Int, in output: inout [UInt8]) {
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
  }

  /// Appends `string` as a JSON string literal (quoted, escaped as ``serialized(_:)`` does).
  static func writeQuoted(_ string: String, to output: inout [UInt8]) {
    // Most strings need no escaping: append them whole, scanning their bytes in place.
    var string = string
    let plain = string.withUTF8 { bytes in
      guard PlainText.isPlain(bytes, quote: false) else { return false }
      output.append(0x22)
      output.append(contentsOf: bytes)
      output.append(0x22)
      return true
    }
    if plain { return }
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
      default: UTF8.encode(scalar) { output.append($0) }
      }
    }
    output += "\""
  }
}

extension [UInt8] {
  /// Appends the UTF-8 bytes of `text`.
  fileprivate static func += (output: inout [UInt8], text: String) {
    output.append(contentsOf: text.utf8)
  }
}
