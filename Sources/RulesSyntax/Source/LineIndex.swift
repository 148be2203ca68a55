/// A 1-based line and column; columns count Unicode scalars.
public struct SourceLocation: Hashable, Sendable, Codable {
  public var line: Int
  public var column: Int
  /// The 0-based UTF-8 byte offset.
  public var offset: Int

  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }
}

/// Converts UTF-8 byte offsets to 1-based lines and columns.
///
/// Lines end at LF; a CR before an LF belongs to the terminator. Columns count Unicode scalars,
/// so each UTF-8 lead byte (and each invalid byte) counts once; a leading byte order mark does not
/// count.
///
/// A location costs O(log lines + ``blockSize``) however long its line: the index keeps the
/// number of scalars before every block of ``blockSize`` bytes, so a column is counted from the
/// nearest block start rather than from the start of a line that may hold the whole file.
public struct LineIndex: Sendable {
  private let lineStarts: [Int]
  private let bytes: [UInt8]
  /// Scalars (bytes that are not UTF-8 continuation bytes) before offset `k * blockSize`, for
  /// every block and the end.
  private let scalarsBeforeBlock: [Int]
  /// Bytes per entry of the scalar counts: 256 keeps the table at 1/32 of the file.
  static let blockSize = 256

  public init(_ bytes: [UInt8]) {
    var starts = [0]
    var counts: [Int] = []
    counts.reserveCapacity(bytes.count / Self.blockSize + 2)
    var scalars = 0
    var blockStart = 0
    bytes.withUnsafeBytes { raw in
      func count(_ offset: Int) {
        let byte = raw[offset]
        if byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        if byte & 0xC0 != 0x80 { scalars += 1 }
      }
      while blockStart < raw.count {
        counts.append(scalars)
        let blockEnd = min(blockStart + Self.blockSize, raw.count)
        var offset = blockStart
        while offset + 8 <= blockEnd {
          // Eight ASCII bytes with no line feed among them are eight scalars and no line start.
          let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          let feeds = word ^ 0x0A0A_0A0A_0A0A_0A0A
          let hasFeed = (feeds &- 0x0101_0101_0101_0101) & ~feeds & 0x8080_8080_8080_8080 != 0
          if word & 0x8080_8080_8080_8080 == 0 && !hasFeed {
            scalars += 8
          } else {
            for index in offset..<offset + 8 { count(index) }
          }
          offset += 8
        }
        while offset < blockEnd {
          count(offset)
          offset += 1
        }
        blockStart = blockEnd
      }
    }
    counts.append(scalars)
    self.lineStarts = starts
    self.bytes = bytes
    self.scalarsBeforeBlock = counts
  }

  /// The number of lines (a file with no newline has one).
  public var lineCount: Int { lineStarts.count }

  /// The 1-based line holding `offset`, clamped to the file: O(log lines).
  public func line(of offset: Int) -> Int {
    let offset = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low + 1
  }

  /// The location of `offset`, clamped to the file.
  public func location(of offset: Int) -> SourceLocation {
    let offset = max(0, min(offset, bytes.count))
    let line = line(of: offset)
    let start = columnStart(lineStarts[line - 1], limit: offset)
    return SourceLocation(line: line, column: 1 + scalars(from: start, to: offset), offset: offset)
  }

  /// The byte offset where the scalar at `column` (1-based, as ``location(of:)`` counts) of
  /// `line` starts, clamped to the line's content (the end of its content when the line is
  /// shorter).
  public func offset(ofColumn column: Int, line: Int) -> Int {
    let content = contentRange(ofLine: line)
    let start = columnStart(content.start, limit: content.end)
    let target = scalars(before: start) + max(0, column - 1)
    // The block holding the target's lead byte: the last whose count does not pass it.
    var low = 0
    var high = scalarsBeforeBlock.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if scalarsBeforeBlock[mid] <= target { low = mid } else { high = mid - 1 }
    }
    var position = max(start, low * Self.blockSize)
    var count = scalars(before: position)
    while position < content.end {
      let isLead = bytes[position] & 0xC0 != 0x80
      if isLead {
        if count == target { return position }
        count += 1
      }
      position += 1
    }
    return content.end
  }

  /// The byte range of `line` (1-based) without its terminator.
  public func contentRange(ofLine line: Int) -> SourceRange {
    guard line >= 1, line <= lineStarts.count else { return .empty(at: bytes.count) }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return SourceRange(start: start, end: end)
  }

  /// Where columns start counting on the line starting at `lineStart`: after a byte order mark
  /// at the start of the file (an editor does not show it), but never past `limit`.
  private func columnStart(_ lineStart: Int, limit: Int) -> Int {
    lineStart == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, limit) : lineStart
  }

  /// Scalars in `from..<to`.
  private func scalars(from: Int, to: Int) -> Int {
    guard to - from > Self.blockSize else { return leadBytes(from, to) }
    return scalars(before: to) - scalars(before: from)
  }

  /// Scalars before `offset`.
  private func scalars(before offset: Int) -> Int {
    let block = offset / Self.blockSize
    return scalarsBeforeBlock[block] + leadBytes(block * Self.blockSize, offset)
  }

  private func leadBytes(_ from: Int, _ to: Int) -> Int {
    var count = 0
    var index = from
    while index < to {
      if bytes[index] & 0xC0 != 0x80 { count += 1 }
      index += 1
    }
    return count
  }
}
