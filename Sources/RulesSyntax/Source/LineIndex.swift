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
public struct LineIndex: Sendable {
  private let lineStarts: [Int]
  private let bytes: [UInt8]

  public init(_ bytes: [UInt8]) {
    var starts = [0]
    for offset in bytes.indices where bytes[offset] == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    self.lineStarts = starts
    self.bytes = bytes
  }

  /// The number of lines (a file with no newline has one).
  public var lineCount: Int { lineStarts.count }

  /// The location of `offset`, clamped to the file.
  public func location(of offset: Int) -> SourceLocation {
    let offset = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    var column = 1
    var index = lineStarts[low]
    // A byte order mark is invisible in editors, which count columns after it.
    if index == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = min(3, offset) }
    while index < offset {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(line: low + 1, column: column, offset: offset)
  }

  /// The byte range of `line` (1-based) without its terminator.
  public func contentRange(ofLine line: Int) -> SourceRange {
    guard line >= 1, line <= lineStarts.count else { return .empty(at: bytes.count) }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return SourceRange(start: start, end: end)
  }
}
