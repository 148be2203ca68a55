/// String operations with Java's semantics, which production's runtime has: positions and
/// lengths count UTF-16 code units, ordering compares code units, `trim` drops characters up to
/// U+0020.
enum JavaString {
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

  /// The first UTF-16 code unit of a scalar (its high surrogate when outside the BMP).
  @inline(__always)
  private static func firstUnit(_ scalar: Unicode.Scalar) -> UInt32 {
    scalar.value < 0x10000 ? scalar.value : 0xD800 + ((scalar.value - 0x10000) >> 10)
  }
}
