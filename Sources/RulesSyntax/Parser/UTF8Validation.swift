/// Finds invalid UTF-8 in a byte buffer.
public enum UTF8Validation {
  /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil.
  ///
  /// Byte by byte after Unicode's table of well-formed sequences (no overlong forms, surrogates
  /// or values past U+10FFFF): rules files are mostly ASCII, which this passes over at once.
  public static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
  }

  private static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let raw = UnsafeRawBufferPointer(bytes)
    var offset = 0
    while offset < bytes.count {
      let lead = bytes[offset]
      if lead < 0x80 {
        offset += 1
        // Eight bytes at a time while they are all ASCII.
        while offset + 8 <= bytes.count,
          raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
          offset += 8
        }
        continue
      }
      let length: Int
      // The range the second byte must be in; later bytes are any continuation byte.
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, second) = (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, second) = (3, 0x80...0x9F)
      case 0xF0: (length, second) = (4, 0x90...0xBF)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, second) = (4, 0x80...0x8F)
      default: return offset
      }
      guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return offset }
      for index in offset + 2..<offset + length where bytes[index] & 0xC0 != 0x80 { return offset }
      offset += length
    }
    return nil
  }
}
