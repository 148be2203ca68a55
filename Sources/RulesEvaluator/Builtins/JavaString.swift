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

  /// Java's `toLowerCase(Locale.ROOT)`: each scalar's full lowercase mapping, without
  /// normalising, except that `Σ` becomes the final `ς` where it ends a word (Unicode's
  /// Final_Sigma condition: a cased letter before it and none after it, case-ignorable
  /// characters such as `'` and combining marks skipped).
  static func lower(_ text: String) -> String {
    guard text.unicodeScalars.contains(capitalSigma) else { return text.lowercased() }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      if scalar == capitalSigma && endsWord(scalars, at: index) {
        result.append("\u{3C2}")
      } else {
        result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
      }
    }
    return String(result)
  }

  private static let capitalSigma: Unicode.Scalar = "\u{3A3}"

  /// Unicode's Final_Sigma condition for the scalar at `index`.
  private static func endsWord(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    var before = index - 1
    while before >= 0 && scalars[before].properties.isCaseIgnorable { before -= 1 }
    guard before >= 0, scalars[before].properties.isCased else { return false }
    var after = index + 1
    while after < scalars.count && scalars[after].properties.isCaseIgnorable { after += 1 }
    return after == scalars.count || !scalars[after].properties.isCased
  }

  /// The first UTF-16 code unit of a scalar (its high surrogate when outside the BMP).
  @inline(__always)
  private static func firstUnit(_ scalar: Unicode.Scalar) -> UInt32 {
    scalar.value < 0x10000 ? scalar.value : 0xD800 + ((scalar.value - 0x10000) >> 10)
  }
}
