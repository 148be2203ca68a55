/// Tells text that JSON output copies as it is from text it escapes, eight bytes at a time.
enum PlainText {
  /// Appends `text`'s bytes to `output` if `text` is written the same in a display (no `\\`,
  /// control character, or with `quote` a `'`, which the display escapes) and in JSON (none
  /// of the bytes of ``isPlain(_:quote:)``), and says whether it did.
  static func appendIfPlain(_ text: String, quote: Bool, to output: inout [UInt8]) -> Bool {
    // Native strings are scanned and copied in their storage, not through the view's iterator.
    let appended = text.utf8.withContiguousStorageIfAvailable { bytes in
      guard isPlain(bytes, quote: quote) else { return false }
      output.append(contentsOf: bytes)
      return true
    }
    if let appended { return appended }
    guard isPlain(scanning: text.utf8, quote: quote) else { return false }
    output.append(contentsOf: text.utf8)
    return true
  }

  /// Whether `bytes` has none of the bytes that ``JSONValue`` escapes or checks in a string
  /// (`"`, `\\`, controls, DEL, and 0xE2, which starts U+2028 and U+2029), nor with `quote`
  /// a `'` (which a display escapes). The same answer as ``isPlain(scanning:quote:)``.
  static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, quote: Bool) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // Without `quote`, `"` is looked for twice rather than a `'`.
    let apostrophes = ones &* (quote ? 0x27 : 0x22)
    let words = bytes.count / 8
    let raw = UnsafeRawBufferPointer(bytes)
    for index in 0..<words {
      let word = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
      // `(x - ones * n) & ~x & highs` is nonzero exactly when some byte of `x` is below `n`
      // (n ≤ 0x80); a byte equal to `c` is a zero byte of `word ^ ones * c`.
      let found =
        (word &- ones &* 0x20) & ~word | zeroByte(word ^ ones &* 0x22) | zeroByte(word ^ ones &* 0x5C)
        | zeroByte(word ^ ones &* 0x7F) | zeroByte(word ^ ones &* 0xE2) | zeroByte(word ^ apostrophes)
      if found & highs != 0 { return false }
    }
    return isPlain(scanning: UnsafeBufferPointer(rebasing: bytes[(words * 8)...]), quote: quote)
  }

  /// The top bit of a byte of the result is set where `x` has a zero byte, or after one.
  @inline(__always)
  private static func zeroByte(_ x: UInt64) -> UInt64 {
    (x &- 0x0101_0101_0101_0101) & ~x
  }

  /// ``isPlain(_:quote:)`` a byte at a time.
  static func isPlain(scanning bytes: some Sequence<UInt8>, quote: Bool) -> Bool {
    for byte in bytes {
      if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2 { return false }
      if quote && byte == 0x27 { return false }
    }
    return true
  }
}
