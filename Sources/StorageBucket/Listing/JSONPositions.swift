/// Byte offsets inside JSON text, found after parsing so that a problem with a value can name
/// its line and column. Every function stays inside `bytes` whatever they hold.
enum JSONPositions {
  static func skipSpace(_ bytes: [UInt8], _ position: inout Int) {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
  }

  /// The offset just past the value that starts at `start`: after its closing quote or
  /// bracket, or at the end of `bytes` when it never closes.
  static func end(ofValueAt start: Int, in bytes: [UInt8]) -> Int {
    var position = start
    skipValue(bytes, &position)
    return min(position, bytes.count)
  }

  /// The offset of element `index` of the well-formed array that starts at `start`.
  static func element(_ index: Int, ofArrayAt start: Int, in bytes: [UInt8]) -> Int {
    var position = start + 1  // [
    for _ in 0..<index {
      skipSpace(bytes, &position)
      skipValue(bytes, &position)
      skipSpace(bytes, &position)
      position += 1  // ,
    }
    skipSpace(bytes, &position)
    return min(position, bytes.count)
  }

  /// The bytes between the quotes of the string literal at `start`, when they hold no escape
  /// (so they are the string's UTF-8 as it was read); nil for another value or an escape.
  static func unescapedString(at start: Int, in bytes: [UInt8]) -> Range<Int>? {
    guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
    var position = start + 1
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\""): return (start + 1)..<position
      case UInt8(ascii: "\\"): return nil
      default: position += 1
      }
    }
    return nil
  }

  /// The ranges of the first `count` elements of the well-formed array that starts at
  /// `start`, found in one scan (``element(_:ofArrayAt:in:)`` scans from the start for each).
  static func elementRanges(ofArrayAt start: Int, count: Int, in bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(count)
    var position = start + 1  // [
    for _ in 0..<count {
      skipSpace(bytes, &position)
      let element = min(position, bytes.count)
      skipValue(bytes, &position)
      ranges.append(element..<max(element, min(position, bytes.count)))
      skipSpace(bytes, &position)
      position += 1  // ,
    }
    return ranges
  }

  /// The offset of the value of member `key` in the well-formed object that starts at `start`;
  /// nil when no member is named `key` as written (escapes in names are not decoded).
  static func member(_ key: String, ofObjectAt start: Int, in bytes: [UInt8]) -> Int? {
    let wanted = Array(key.utf8)
    var position = start + 1  // {
    while true {
      skipSpace(bytes, &position)
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
      let nameStart = position + 1
      skipValue(bytes, &position)
      let name = bytes[nameStart..<max(nameStart, min(position, bytes.count) - 1)]
      skipSpace(bytes, &position)
      position += 1  // :
      skipSpace(bytes, &position)
      if name.elementsEqual(wanted) { return min(position, bytes.count) }
      skipValue(bytes, &position)
      skipSpace(bytes, &position)
      guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return nil }
      position += 1
    }
  }

  private static func skipValue(_ bytes: [UInt8], _ position: inout Int) {
    var depth = 0
    var inString = false
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      if inString {
        if byte == UInt8(ascii: "\\") {
          position += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return }
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth <= 0 {
          if depth < 0 { position -= 1 }
          return
        }
      case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
        if depth == 0 {
          position -= 1
          return
        }
      default: break
      }
    }
  }
}
