import RulesSyntax

/// Converts between UTF-8 byte offsets and LSP positions for one text.
///
/// Lines end at LF, CR LF or a lone CR, as LSP 3.17 counts them. A conversion costs
/// O(log lines + ``blockSize``) however long the line: the index keeps the number of UTF-16
/// code units before every block of ``blockSize`` bytes. Building it is linear in the text.
public struct PositionIndex: Sendable {
  private let bytes: [UInt8]
  private let lineStarts: [Int]
  private let unitsBeforeBlock: [Int]
  static let blockSize = 256

  public init(_ bytes: [UInt8]) {
    var starts = [0]
    var counts: [Int] = []
    counts.reserveCapacity(bytes.count / Self.blockSize + 2)
    var units = 0
    for (offset, byte) in bytes.enumerated() {
      if offset % Self.blockSize == 0 { counts.append(units) }
      units += Self.units(lead: byte)
      if byte == 0x0A || (byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A)) {
        starts.append(offset + 1)
      }
    }
    counts.append(units)
    self.bytes = bytes
    self.lineStarts = starts
    self.unitsBeforeBlock = counts
  }

  /// UTF-16 code units a byte starts: 0 for a continuation byte, 2 for the lead byte of a
  /// 4-byte sequence (a surrogate pair), else 1.
  private static func units(lead byte: UInt8) -> Int {
    if byte & 0xC0 == 0x80 { return 0 }
    return byte >= 0xF0 ? 2 : 1
  }

  public var lineCount: Int { lineStarts.count }

  /// The position of `offset` (clamped to the text).
  public func position(of offset: Int, _ encoding: PositionEncoding) -> LSPPosition {
    let offset = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    let start = lineStarts[low]
    switch encoding {
    case .utf8: return LSPPosition(line: low, character: offset - start)
    case .utf16: return LSPPosition(line: low, character: units(before: offset) - units(before: start))
    }
  }

  /// The LSP range of a byte range.
  public func range(of range: SourceRange, _ encoding: PositionEncoding) -> LSPRange {
    LSPRange(start: position(of: range.start, encoding), end: position(of: range.end, encoding))
  }

  /// The byte offset of `position`: a line past the end means the end of the text, a
  /// character past the line's end means the line's end (before its terminator), and a
  /// character inside a character's encoding means that character's start.
  public func offset(of position: LSPPosition, _ encoding: PositionEncoding) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return bytes.count }
    let start = lineStarts[position.line]
    let end = contentEnd(ofLine: position.line)
    // Clamped first, so no arithmetic on a client's number can overflow.
    let character = min(max(0, position.character), bytes.count)
    switch encoding {
    case .utf8:
      var offset = min(start + character, end)
      while offset > start, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
      return offset
    case .utf16:
      let target = units(before: start) + character
      var low = 0
      var high = unitsBeforeBlock.count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        if unitsBeforeBlock[mid] <= target { low = mid } else { high = mid - 1 }
      }
      var offset = max(start, min(low * Self.blockSize, end))
      var count = units(before: offset)
      while offset < end {
        let width = Self.units(lead: bytes[offset])
        if width > 0 {
          if count + width > target { return offset }
          count += width
        }
        offset += 1
      }
      return end
    }
  }

  /// The byte offset where `line` (0-based) starts; the text's end past the last line.
  public func lineStart(_ line: Int) -> Int {
    line >= 0 && line < lineStarts.count ? lineStarts[line] : bytes.count
  }

  /// Where the content of `line` ends, before its terminator.
  public func contentEnd(ofLine line: Int) -> Int {
    guard line + 1 < lineStarts.count else { return bytes.count }
    var end = lineStarts[line + 1] - 1
    if bytes[end] == 0x0A && end > lineStarts[line] && bytes[end - 1] == 0x0D { end -= 1 }
    return end
  }

  /// The line terminator of `line`, or the first line's when it has none (the text's last
  /// line); LF when the text has none.
  public func terminator(ofLine line: Int) -> String {
    let candidates = [line, 0]
    for candidate in candidates where candidate + 1 < lineStarts.count {
      let end = contentEnd(ofLine: candidate)
      let next = lineStarts[candidate + 1]
      return String(decoding: bytes[end..<next], as: UTF8.self)
    }
    return "\n"
  }

  private func units(before offset: Int) -> Int {
    let block = offset / Self.blockSize
    var count = unitsBeforeBlock[min(block, unitsBeforeBlock.count - 1)]
    var index = block * Self.blockSize
    while index < offset {
      count += Self.units(lead: bytes[index])
      index += 1
    }
    return count
  }
}
