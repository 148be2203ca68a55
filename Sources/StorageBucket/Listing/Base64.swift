/// Standard base64 (RFC 4648 §4) with padding: page tokens, `md5Hash` and `crc32c`.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        output.append(
          position <= count ? alphabet[Int((group >> (18 - 6 * UInt32(position))) & 0x3F)] : UInt8(ascii: "=")
        )
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes of canonical padded base64; nil for anything else (wrong length, characters
  /// outside the alphabet, misplaced padding, non-zero bits after the last byte).
  static func decode(_ text: String) -> [UInt8]? {
    let input = Array(text.utf8)
    guard !input.isEmpty, input.count % 4 == 0 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(input.count / 4 * 3)
    for start in stride(from: 0, to: input.count, by: 4) {
      let isLast = start + 4 == input.count
      var group: UInt32 = 0
      var padding = 0
      for offset in 0..<4 {
        let byte = input[start + offset]
        if byte == UInt8(ascii: "=") {
          guard isLast, offset >= 2 else { return nil }
          padding += 1
          group <<= 6
          continue
        }
        guard padding == 0, let value = sextet(byte) else { return nil }
        group = group << 6 | UInt32(value)
      }
      let bytes = [UInt8(group >> 16 & 0xFF), UInt8(group >> 8 & 0xFF), UInt8(group & 0xFF)]
      // Canonical: the bits the padding leaves over must be zero.
      if padding == 1 && bytes[2] != 0 || padding == 2 && (bytes[1] != 0 || bytes[2] != 0) { return nil }
      output += bytes.prefix(3 - padding)
    }
    return output
  }

  private static func sextet(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}
