extension String {
  /// Whether this string has exactly `other`'s UTF-8 bytes. `==` compares canonically
  /// equivalent strings equal (a precomposed `é` and `e` with a combining accent); a regex or a
  /// memo keyed by text must not. Compared in place, a word at a time.
  public func hasSameUTF8(as other: String) -> Bool {
    // The same bits are the same text: a small string holds its bytes inline, a large one
    // points at storage two values share only while it is immutable. (Different bits prove
    // nothing.)
    if MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size,
      unsafeBitCast(self, to: (UInt64, UInt64).self) == unsafeBitCast(other, to: (UInt64, UInt64).self)
    {
      return true
    }
    guard utf8.count == other.utf8.count else { return false }
    var left = self
    var right = other
    return left.withUTF8 { leftBytes in
      right.withUTF8 { rightBytes in
        Self.sameBytes(UnsafeRawBufferPointer(leftBytes), UnsafeRawBufferPointer(rightBytes))
      }
    }
  }

  /// Whether `left` and `right`, of the same length, hold the same bytes.
  private static func sameBytes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
    let count = left.count
    var offset = 0
    while offset + 8 <= count {
      guard
        left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < count {
      guard left[offset] == right[offset] else { return false }
      offset += 1
    }
    return true
  }
}
