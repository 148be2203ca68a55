#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// String operations with Java's semantics, which production's runtime has: equality looks at
/// code units (never at Unicode canonical equivalence, which Swift's `==` uses), positions and
/// lengths count UTF-16 code units, ordering compares code units, `trim` drops characters up to
/// U+0020.
enum JavaString {
  /// Java's `equals`: the same code units. Two strings have the same UTF-16 code units exactly
  /// when they have the same UTF-8 bytes, so this compares bytes; `"\u{e9}"` and `"e\u{301}"`
  /// differ, as do `"\u{212A}"` (Kelvin sign) and `"K"`.
  @inline(__always)
  static func equal(_ a: String, _ b: String) -> Bool {
    // Fast paths: the same representation (a small string's bytes, or the same storage) is the
    // same text; canonically different strings (Swift's `!=`) never have the same bytes.
    if sameRepresentation(a, b) { return true }
    return a.utf8.count == b.utf8.count && a == b && sameBytes(a, b)
  }

  /// Whether the two values have the same bits, which makes them the same text: a small
  /// string holds its bytes inline, a large one points at storage that two values can only
  /// share while it is immutable. Different bits prove nothing.
  @inline(__always)
  private static func sameRepresentation(_ a: String, _ b: String) -> Bool {
    guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return false }
    return unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self)
  }

  /// The byte-by-byte comparison behind ``equal(_:_:)``.
  private static func sameBytes(_ a: String, _ b: String) -> Bool {
    let left = a.utf8
    let right = b.utf8
    let same = left.withContiguousStorageIfAvailable { x in
      right.withContiguousStorageIfAvailable { y in
        guard x.count == y.count else { return false }
        guard let first = x.baseAddress, let second = y.baseAddress else { return true }
        return memcmp(first, second, x.count) == 0
      }
    }
    if case .some(.some(let same)) = same { return same }
    return left.elementsEqual(right)
  }

  /// Feeds the UTF-8 bytes and a terminator to `hasher`: equal strings (``equal(_:_:)``) hash
  /// alike, canonically equivalent ones need not.
  static func hash(_ text: String, into hasher: inout Hasher) {
    let bytes = text.utf8
    let done: Void? = bytes.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if done == nil { Array(bytes).withUnsafeBytes { hasher.combine(bytes: $0) } }
    hasher.combine(0xFF as UInt8)
  }

  /// -1, 0 or 1 as `a` orders before, equal to or after `b` by UTF-16 code units.
  static func compare(_ a: String, _ b: String) -> Int {
    var left = a.unicodeScalars.makeIterator()
    var right = b.unicodeScalars.makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let x?, let y?):
        if x == y { continue }
        return firstUnit(x) < firstUnit(y) || (firstUnit(x) == firstUnit(y) && x.value < y.value) ? -1 : 1
      }
    }
  }

  /// The UTF-16 code units `from..<to`; a split surrogate pair becomes U+FFFD.
  static func slice(_ text: String, from: Int, to: Int) -> String {
    let units = text.utf16
    let start = units.index(units.startIndex, offsetBy: from)
    let end = units.index(start, offsetBy: to - from)
    if let whole = String(units[start..<end]) { return whole }
    return String(decoding: Array(units[start..<end]), as: UTF16.self)
  }

  /// Java's `String.trim()`: drops leading and trailing characters ≤ U+0020.
  static func trim(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return text }
    if first.value > 0x20 && last.value > 0x20 { return text }
    guard let start = scalars.firstIndex(where: { $0.value > 0x20 }),
      let end = scalars.lastIndex(where: { $0.value > 0x20 })
    else { return "" }
    return String(scalars[start...end])
  }

  /// Production's `lower()`: the ASCII letters `A`...`Z` become `a`...`z`; every other code
  /// unit is kept (`'ÀÉÎ'.lower()` is `'ÀÉÎ'`, `'İ'.lower()` is `'İ'`).
  static func lower(_ text: String) -> String {
    mapASCII(text, from: UInt8(ascii: "A"), to: UInt8(ascii: "Z"), offset: 0x20)
  }

  /// Production's `upper()`: the ASCII letters `a`...`z` become `A`...`Z`; every other code
  /// unit is kept (`'ß'.upper()` is `'ß'`).
  static func upper(_ text: String) -> String {
    mapASCII(text, from: UInt8(ascii: "a"), to: UInt8(ascii: "z"), offset: -0x20)
  }

  /// `text` with the bytes in `from...to` moved by `offset`; ASCII bytes never occur inside a
  /// multi-byte UTF-8 sequence, so the result is valid UTF-8 of the same length.
  private static func mapASCII(_ text: String, from: UInt8, to: UInt8, offset: Int) -> String {
    guard text.utf8.contains(where: { $0 >= from && $0 <= to }) else { return text }
    let bytes = text.utf8.map { $0 >= from && $0 <= to ? UInt8(Int($0) + offset) : $0 }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The first UTF-16 code unit of a scalar (its high surrogate when outside the BMP).
  @inline(__always)
  private static func firstUnit(_ scalar: Unicode.Scalar) -> UInt32 {
    scalar.value < 0x10000 ? scalar.value : 0xD800 + ((scalar.value - 0x10000) >> 10)
  }
}
