import RulesSemantics

extension Builtins {
  /// `size toBase64 toHexString`: base64 with the URL-safe alphabet and padding
  /// (`b'\xFB\xEF\xBE'.toBase64() == '----'`), upper-case hex; a result longer than
  /// ``EvaluationLimits/maximumStringBytes`` is an error, found before it is built.
  static func bytesMethod(_ bytes: [UInt8], _ name: BuiltinMethodID, _ arguments: [Value]) -> Value {
    switch name {
    case .size:
      if let error = noArguments(arguments, "bytes.size()") { return error }
      return .int(Int64(bytes.count))
    case .toBase64:
      if let error = noArguments(arguments, "bytes.toBase64()") { return error }
      let length = (bytes.count + 2) / 3 * 4
      guard length <= EvaluationLimits.maximumStringBytes else {
        return .error(.stringTooLong(bytes: length))
      }
      return .string(base64URL(bytes))
    case .toHexString:
      if let error = noArguments(arguments, "bytes.toHexString()") { return error }
      let length = bytes.count * 2
      guard length <= EvaluationLimits.maximumStringBytes else {
        return .error(.stringTooLong(bytes: length))
      }
      return .string(hex(bytes))
    default:
      return .error(.functionNotFound(name))
    }
  }

  /// `hashing.crc32 crc32c md5 sha256` of a string's UTF-8 bytes or of bytes. CRCs are four
  /// bytes, least significant first (production: `hashing.crc32('abc').toHexString()` is
  /// `C2412435`).
  static func hashing(_ name: BuiltinFunctionID.Hashing, _ arguments: [Value]) -> Value {
    let digest: ([UInt8]) -> [UInt8]
    switch name {
    case .crc32: digest = { littleEndian(Hashing.crc32($0)) }
    case .crc32c: digest = { littleEndian(Hashing.crc32c($0)) }
    case .md5: digest = Hashing.md5
    case .sha256: digest = Hashing.sha256
    }
    // Built only on the error paths that report it.
    func expected() -> String { "hashing.\(name)(bytes), hashing.\(name)(string)" }
    if let error = arity(arguments, 1, expected()) { return error }
    switch arguments[0] {
    case .bytes(let bytes): return .bytes(digest(bytes))
    case .string(let text): return .bytes(digest(Array(text.utf8)))
    default: return mismatch("hashing.\(name)", arguments, expected())
    }
  }

  static func base64URL(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        if position <= count {
          output.append(alphabet[Int((group >> (18 - 6 * UInt32(position))) & 0x3F)])
        } else {
          output.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      output.append(digits[Int(byte >> 4)])
      output.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func littleEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
  }
}
