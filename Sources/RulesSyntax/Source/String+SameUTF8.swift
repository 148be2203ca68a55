extension String {
  /// Whether this string has exactly `other`'s UTF-8 bytes. `==` compares canonically
  /// equivalent strings equal (a precomposed `é` and `e` with a combining accent); a regex or a
  /// memo keyed by text must not. Compared in place, a word at a time.
  public func hasSameUTF8(as other: String) -> Bool {
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
