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
/// count. A lookup costs O(log lines) plus at most ``checkpointStride`` bytes of counting, however
/// long the line, so locating every finding of a one-line file stays linear.
public struct LineIndex: Sendable {
  private let lineStarts: [Int]
  private let bytes: [UInt8]
  /// Scalars (non-continuation bytes) before each multiple of ``checkpointStride``; empty when
  /// the file is ASCII, where a column is a byte count.
  private let scalarCheckpoints: [Int]

  /// Bytes between two scalar checkpoints.
  static let checkpointStride = 64

  public init(_ bytes: [UInt8]) {
    var starts = [0]
    var isASCII = true
    for offset in bytes.indices {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\n") {
        starts.append(offset + 1)
      } else if byte >= 0x80 {
        isASCII = false
      }
    }
    var checkpoints: [Int] = []
    if !isASCII {
      checkpoints.reserveCapacity(bytes.count / Self.checkpointStride + 1)
      var scalars = 0
      for offset in 0...bytes.count {
        if offset % Self.checkpointStride == 0 { checkpoints.append(scalars) }
        if offset < bytes.count && bytes[offset] & 0xC0 != 0x80 { scalars += 1 }
      }
    }
    self.lineStarts = starts
    self.bytes = bytes
    self.scalarCheckpoints = checkpoints
  }

  /// The number of lines (a file with no newline has one).
  public var lineCount: Int { lineStarts.count }

  /// The 1-based line holding `offset`, clamped to the file.
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
    var start = lineStarts[line - 1]
    // A byte order mark is invisible in editors, which count columns after it.
    if start == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, offset) }
    return SourceLocation(
      line: line, column: scalars(before: offset) - scalars(before: start) + 1, offset: offset)
  }

  /// The byte range of `line` (1-based) without its terminator.
  public func contentRange(ofLine line: Int) -> SourceRange {
    guard line >= 1, line <= lineStarts.count else { return .empty(at: bytes.count) }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return SourceRange(start: start, end: end)
  }

  /// The number of scalars in the bytes before `offset` (0...bytes.count).
  private func scalars(before offset: Int) -> Int {
    guard !scalarCheckpoints.isEmpty else { return offset }
    let checkpoint = min(offset / Self.checkpointStride, scalarCheckpoints.count - 1)
    return scalarCheckpoints[checkpoint] + count(from: checkpoint * Self.checkpointStride, to: offset)
  }

  private func count(from start: Int, to end: Int) -> Int {
    var scalars = 0
    for index in start..<end where bytes[index] & 0xC0 != 0x80 { scalars += 1 }
    return scalars
  }
}
