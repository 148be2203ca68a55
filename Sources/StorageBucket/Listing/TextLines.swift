/// The lines of a text, as byte ranges without their `\n` (and a `\r` before it), numbered
/// from 1; a final line without `\n` counts, an empty text has none.
struct TextLines: Sequence {
  struct Line {
    let number: Int
    /// The line's bytes, `\r\n` or `\n` excluded.
    let range: Range<Int>
  }

  let bytes: [UInt8]

  func makeIterator() -> Iterator { Iterator(bytes: bytes) }

  struct Iterator: IteratorProtocol {
    let bytes: [UInt8]
    var number = 0
    var start = 0

    mutating func next() -> Line? {
      guard start < bytes.count else { return nil }
      number += 1
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      var last = end
      if last > start, bytes[last - 1] == 0x0D { last -= 1 }
      defer { start = end + 1 }
      return Line(number: number, range: start..<last)
    }
  }
}
