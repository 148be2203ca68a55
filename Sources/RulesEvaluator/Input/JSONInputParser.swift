/// A strict JSON parser (RFC 8259) with positions in its errors and a nesting limit.
public struct JSONInputParser {
  /// The document's bytes, read without bounds checks on each access: every read is after a
  /// `position < bytes.endIndex` test. Valid only during ``parse(bytes:)``.
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position: Int
  private var depth = 0
  /// The most nested arrays and objects a document may have: realistic input nests a few
  /// levels, and the values built from it are walked recursively.
  public static let maximumDepth = 512

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    self.position = 0
  }

  /// Parses one JSON document filling all of `text` (surrounding white space allowed).
  public static func parse(_ text: String) throws(JSONInputError) -> JSONInput {
    try parse(bytes: Array(text.utf8)[...])
  }

  /// Parses one JSON document filling all of `bytes` (UTF-8); error positions count from the
  /// slice's start.
  public static func parse(bytes: ArraySlice<UInt8>) throws(JSONInputError) -> JSONInput {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONInputError) in try parse(buffer: buffer) }
    }
    return try result.get()
  }

  /// ``parse(bytes:)`` of bytes the caller holds for the call; positions count from
  /// `buffer`'s start.
  static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONInputError) -> JSONInput {
    var parser = JSONInputParser(buffer)
    parser.skipSpace()
    let value = try parser.parseValue()
    parser.skipSpace()
    guard parser.position == parser.bytes.endIndex else {
      throw parser.failure("unexpected text after the JSON value")
    }
    return value
  }

  /// Parses one JSON document filling all of `bytes`, as ``parse(bytes:)``, when its top level
  /// is an array; each element goes to `element` as soon as it is read, with the range of
  /// bytes it fills (counted from the slice's start), and the array itself is never built, so
  /// a caller that turns each element into something smaller holds one element's values at a
  /// time.
  ///
  /// - Returns: false, having called `element` for nothing, when the top level is not an
  ///   array (parse it with ``parse(bytes:)``).
  /// - Throws: what ``parse(bytes:)`` throws, after `element` has seen the elements before
  ///   the error.
  public static func forEachElement(
    bytes: ArraySlice<UInt8>, _ element: (JSONInput, _ range: Range<Int>) -> Void
  ) throws(JSONInputError) -> Bool {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONInputError) -> Bool in
        var parser = JSONInputParser(buffer)
        parser.skipSpace()
        guard parser.position < buffer.endIndex, buffer[parser.position] == UInt8(ascii: "[") else {
          return false
        }
        try parser.parseElements { value, range in element(value, range) }
        parser.skipSpace()
        guard parser.position == parser.bytes.endIndex else {
          throw parser.failure("unexpected text after the JSON value")
        }
        return true
      }
    }
    return try result.get()
  }

  private func failure(_ message: String) -> JSONInputError {
    var line = 1
    var column = 1
    for byte in bytes[bytes.startIndex..<min(position, bytes.endIndex)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONInputError(message: message, line: line, column: column)
  }

  private mutating func skipSpace() {
    while position < bytes.endIndex {
      let byte = bytes[position]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
      position += 1
    }
  }

  private mutating func parseValue() throws(JSONInputError) -> JSONInput {
    guard position < bytes.endIndex else { throw failure("unexpected end of input, expected a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseWord("true", .bool(true))
    case UInt8(ascii: "f"): return try parseWord("false", .bool(false))
    case UInt8(ascii: "n"): return try parseWord("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected character, expected a value")
    }
  }

  private mutating func parseWord(_ word: String, _ value: JSONInput) throws(JSONInputError) -> JSONInput {
    let start = position
    for unit in word.utf8 {
      guard position < bytes.endIndex, bytes[position] == unit else {
        position = start
        throw failure("invalid literal, expected \(word)")
      }
      position += 1
    }
    return value
  }

  private mutating func enter() throws(JSONInputError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw failure("JSON nested deeper than \(Self.maximumDepth) levels (the limit on JSON nesting)")
    }
  }

  private mutating func parseObject() throws(JSONInputError) -> JSONInput {
    try enter()
    defer { depth -= 1 }
    position += 1
    var members: [(key: String, value: JSONInput)] = []
    // Request lines and their metadata have a few members: one allocation, not three.
    members.reserveCapacity(4)
    // Duplicates are found by code units: "\u00e9" and "e\u0301" are two members. Small
    // objects (request lines, metadata) are scanned; a set takes over past a few members.
    var names: Set<MapKey>?
    skipSpace()
    if position < bytes.endIndex, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard position < bytes.endIndex, bytes[position] == UInt8(ascii: "\"") else {
        throw failure("expected a member name in double quotes")
      }
      let key = try parseString()
      skipSpace()
      guard position < bytes.endIndex, bytes[position] == UInt8(ascii: ":") else {
        throw failure("expected ':'")
      }
      position += 1
      skipSpace()
      if isDuplicate(key, among: members, names: &names) { throw failure("duplicate member \"\(key)\"") }
      members.append((key, try parseValue()))
      skipSpace()
      guard position < bytes.endIndex else { throw failure("unexpected end of input in an object") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard bytes[position] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
      position += 1
      return .object(members)
    }
  }

  /// Whether `key` names one of `members` already; `names` indexes them once there are many.
  private func isDuplicate(
    _ key: String, among members: [(key: String, value: JSONInput)], names: inout Set<MapKey>?
  ) -> Bool {
    if names == nil, members.count < Self.scannedMembers {
      return members.contains { JavaString.equal($0.key, key) }
    }
    if names == nil { names = Set(members.map { MapKey($0.key) }) }
    return names?.insert(MapKey(key)).inserted == false
  }

  /// How many members an object may have before duplicates are looked up in a set.
  private static let scannedMembers = 8

  private mutating func parseArray() throws(JSONInputError) -> JSONInput {
    var elements: [JSONInput] = []
    try parseElements { value, _ in elements.append(value) }
    return .array(elements)
  }

  /// Reads the array at `position`, handing each element to `body` with its range.
  private mutating func parseElements(_ body: (JSONInput, Range<Int>) -> Void) throws(JSONInputError) {
    try enter()
    defer { depth -= 1 }
    position += 1
    skipSpace()
    if position < bytes.endIndex, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      skipSpace()
      let start = position
      let value = try parseValue()
      body(value, start..<position)
      skipSpace()
      guard position < bytes.endIndex else { throw failure("unexpected end of input in an array") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard bytes[position] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
      position += 1
      return
    }
  }

  private mutating func parseNumber() throws(JSONInputError) -> JSONInput {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    func digits() -> Int {
      let from = position
      while position < bytes.endIndex, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
      return position - from
    }
    let integerDigits = digits()
    guard integerDigits > 0 else { throw failure("invalid number") }
    if integerDigits > 1, bytes[position - integerDigits] == UInt8(ascii: "0") {
      position = start
      throw failure("leading zeros are not allowed")
    }
    var isInteger = true
    if position < bytes.endIndex, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw failure("expected digits after '.'") }
      isInteger = false
    }
    if position < bytes.endIndex, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.endIndex,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits() > 0 else { throw failure("expected digits in the exponent") }
      isInteger = false
    }
    if isInteger, integerDigits <= 18 {
      // Up to 18 digits fit an Int64: read them without making text first.
      var value: Int64 = 0
      for index in (position - integerDigits)..<position { value = value * 10 + Int64(bytes[index] &- 0x30) }
      return .integer(bytes[start] == UInt8(ascii: "-") ? -value : value)
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if isInteger, let value = Int64(text) { return .integer(value) }
    guard let value = Double(text) else { throw failure("invalid number") }
    return .number(value)
  }

  private mutating func parseString() throws(JSONInputError) -> String {
    position += 1
    // Most strings have no escapes: take their bytes in place.
    let start = position
    while position < bytes.endIndex {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return String(decoding: bytes[start..<position - 1], as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      position += 1
    }
    var content = Array(bytes[start..<position])
    while true {
      guard position < bytes.endIndex else { throw failure("unterminated string") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: content, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try parseEscape(into: &content)
      case 0x00..<0x20:
        throw failure("control character in a string")
      default:
        content.append(byte)
        position += 1
      }
    }
  }

  private mutating func parseEscape(into content: inout [UInt8]) throws(JSONInputError) {
    position += 1
    guard position < bytes.endIndex else { throw failure("unterminated escape") }
    let letter = bytes[position]
    position += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): content.append(letter)
    case UInt8(ascii: "b"): content.append(0x08)
    case UInt8(ascii: "f"): content.append(0x0C)
    case UInt8(ascii: "n"): content.append(0x0A)
    case UInt8(ascii: "r"): content.append(0x0D)
    case UInt8(ascii: "t"): content.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hexQuad()
      if (0xD800..<0xDC00).contains(scalar) {
        guard position + 1 < bytes.endIndex, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw failure("unpaired surrogate in \\u escape") }
        position += 2
        let low = try hexQuad()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
      content.append(contentsOf: Array(String(Character(unicode)).utf8))
    default:
      throw failure("invalid escape sequence")
    }
  }

  private mutating func hexQuad() throws(JSONInputError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.endIndex, let digit = hexDigit(bytes[position]) else {
        throw failure("expected four hex digits")
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }

  private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }
}
