extension Value {
  /// The value as rules source would spell it: `'alice'`, `5`, `1.5`, `[1, 2]`, `{'k': true}`,
  /// `/b/bucket/o/x`, `timestamp('2026-01-02T03:04:05Z')`, `duration(90s)`; errors as
  /// `error: <message>`. Maps list their keys in key order (``MapKey``: UTF-16 code units).
  /// The whole value, however large: to show values, use ``displayText(maximumBytes:)``.
  public var displayText: String { displayText(maximumBytes: .max) }

  /// ``displayText``, cut after at most `maximumBytes` UTF-8 bytes and then ending in `…`, in
  /// time that depends on `maximumBytes`, not on the value's size: a map of more than
  /// ``displaySortLimit`` entries, whose first keys would take sorting them all to find, shows
  /// as `{… N entries}` (unless `maximumBytes` is `Int.max`).
  public func displayText(maximumBytes: Int) -> String {
    var writer = DisplayWriter(maximumBytes: maximumBytes)
    writer.write(self)
    return writer.text
  }

  /// The most map entries a display sorts.
  public static let displaySortLimit = 1_000

  /// What renderers show of one value (`simulate` bindings, `--explain` values in JSON):
  /// 4 KiB, so that a trace of up to 1,000 values stays a few MiB.
  public static let displayByteLimit = 4_096
}

/// Writes a value's display text until it has written `maximumBytes`.
private struct DisplayWriter {
  let maximumBytes: Int
  var text = ""
  private var length = 0
  private(set) var full = false

  init(maximumBytes: Int) {
    self.maximumBytes = maximumBytes
  }

  mutating func append(_ piece: String) {
    guard !full else { return }
    let count = piece.utf8.count
    if length + count <= maximumBytes {
      text += piece
      length += count
      return
    }
    // Keep whole characters up to the limit.
    for character in piece {
      let size = character.utf8.count
      guard length + size <= maximumBytes else { break }
      text.append(character)
      length += size
    }
    text += "…"
    full = true
  }

  mutating func write(_ value: Value) {
    guard !full else { return }
    switch value {
    case .null: append("null")
    case .bool(let value): append(value ? "true" : "false")
    case .int(let value): append(String(value))
    case .float(let value):
      if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        append(String(Int64(value)) + ".0")
      } else {
        append(String(value))
      }
    case .string(let value): quote(value)
    case .bytes(let value):
      append("b'")
      let digits = Array("0123456789ABCDEF")
      for byte in value where !full {
        append("\\x" + String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]))
      }
      append("'")
    case .list(let values): sequence("[", values, "]")
    case .map(let map): entries(map)
    case .set(let set): sequence("set(", set.elements, ")")
    case .mapDiff(let diff):
      append("diff(")
      entries(diff.left)
      append(", ")
      entries(diff.right)
      append(")")
    case .path(let path):
      if path.segments.isEmpty { append("/") }
      for segment in path.segments where !full { append("/" + segment) }
    case .timestamp(let time): append("timestamp('\(RFC3339.format(time))')")
    case .duration(let duration):
      let nanos = duration.nanos == 0 ? "" : "." + String(abs(Int(duration.nanos)))
      append("duration(\(duration.seconds)\(nanos)s)")
    case .latlng(let point): append("latlng(\(point.latitude), \(point.longitude))")
    case .error(let error): append("error: \(error.message)")
    }
  }

  private mutating func sequence(_ open: String, _ values: [Value], _ close: String) {
    append(open)
    for (index, element) in values.enumerated() {
      if full { return }
      if index > 0 { append(", ") }
      write(element)
    }
    append(close)
  }

  private mutating func entries(_ map: [MapKey: Value]) {
    guard map.count <= Value.displaySortLimit || maximumBytes == .max else {
      append("{… \(map.count) entries}")
      return
    }
    append("{")
    for (index, entry) in map.sorted(by: { $0.key < $1.key }).enumerated() {
      if full { return }
      if index > 0 { append(", ") }
      quote(entry.key.string)
      append(": ")
      write(entry.value)
    }
    append("}")
  }

  private mutating func quote(_ text: String) {
    append("'")
    var piece = ""
    for scalar in text.unicodeScalars {
      if full { return }
      switch scalar {
      case "'": piece += "\\'"
      case "\\": piece += "\\\\"
      case "\n": piece += "\\n"
      case "\r": piece += "\\r"
      case "\t": piece += "\\t"
      default: piece.unicodeScalars.append(scalar)
      }
      if piece.utf8.count >= 256 {
        append(piece)
        piece = ""
      }
    }
    append(piece)
    append("'")
  }
}
