/// The text of one rules file, kept as the exact bytes that were read.
public struct SourceFile: Sendable {
  /// The name shown in diagnostics (usually the path as given by the user).
  public let path: String
  /// The raw bytes of the file.
  public let bytes: [UInt8]
  /// Maps byte offsets to lines and columns.
  public let lineIndex: LineIndex

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    self.lineIndex = LineIndex(bytes)
  }

  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// The text of `range`, with invalid UTF-8 repaired.
  public func text(_ range: SourceRange) -> String {
    let lower = max(0, min(range.start, bytes.count))
    let upper = max(lower, min(range.end, bytes.count))
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }

  /// The text of the line holding `offset`, without its line terminator.
  public func lineText(containing offset: Int) -> String {
    let line = lineIndex.line(of: offset)
    return text(lineIndex.contentRange(ofLine: line))
  }
}
