/// Splits a byte stream into LSP messages framed by `Content-Length` headers (LSP 3.17 "Base
/// Protocol").
///
/// Feed bytes with ``append(_:)`` and take complete bodies with ``next()``. Headers end at an
/// empty line; lines may end in CR LF or LF. Header names are case-insensitive;
/// `Content-Type` and unknown headers are accepted and ignored, and a header line without a
/// colon is skipped (reported in ``Frame/skippedLines``). Work is linear in the bytes fed.
public struct MessageFrameReader: Sendable {
  /// The largest body accepted: 32 MiB, far above a rules file at the 256 KiB source limit
  /// even with every byte escaped.
  public static let maximumBodyBytes = 32 << 20
  /// The longest header block accepted.
  public static let maximumHeaderBytes = 8 << 10

  /// One message body, with the header lines that were not headers.
  public struct Frame: Sendable, Equatable {
    public var body: [UInt8]
    public var skippedLines: [String]
  }

  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the header scan resumes: bytes before it hold no complete header block.
  private var scanned = 0

  public init() {}

  /// Whether bytes of an unfinished message are waiting.
  public var hasPartialMessage: Bool { start < buffer.count }

  public mutating func append(_ bytes: some Collection<UInt8>) {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeSubrange(0..<start)
      scanned -= start
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete message, nil when more bytes are needed. Throws when the stream
  /// cannot be framed; the reader is then unusable.
  public mutating func next() throws(FramingError) -> Frame? {
    // Find the empty line that ends the headers.
    var index = max(start, scanned)
    // Blank lines between messages are skipped.
    while start < buffer.count, buffer[start] == 0x0A || buffer[start] == 0x0D {
      start += 1
    }
    index = max(index, start)
    var headerEnd: (lines: Int, body: Int)?
    while index < buffer.count {
      if buffer[index] == 0x0A {
        let previousLineEnd = index - 1 >= start && buffer[index - 1] == 0x0D ? index - 1 : index
        if previousLineEnd == start
          || (previousLineEnd > start && buffer[previousLineEnd - 1] == 0x0A)
        {
          headerEnd = (previousLineEnd, index + 1)
          break
        }
      }
      index += 1
    }
    guard let headerEnd else {
      scanned = max(start, buffer.count - 2)
      if buffer.count - start > Self.maximumHeaderBytes { throw .headerTooLong }
      return nil
    }
    if headerEnd.lines - start > Self.maximumHeaderBytes { throw .headerTooLong }
    var length: Int?
    var skipped: [String] = []
    // Bytes, not Characters: Swift's "\r\n" is one Character.
    for rawLine in buffer[start..<headerEnd.lines].split(separator: 0x0A) {
      let lineBytes = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine
      let line = String(decoding: lineBytes, as: UTF8.self)
      guard let colon = line.firstIndex(of: ":") else {
        if !line.isEmpty { skipped.append(line) }
        continue
      }
      let name = line[..<colon].lowercased().trimmingCharacters(in: " \t")
      let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
      guard name == "content-length" else { continue }
      guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        throw .invalidContentLength(value)
      }
      guard value.utf8.count <= 12, let number = Int(value), number <= Self.maximumBodyBytes else {
        throw .bodyTooLarge(value)
      }
      length = number
    }
    guard let length else { throw .missingContentLength }
    guard buffer.count - headerEnd.body >= length else {
      scanned = start
      return nil
    }
    let body = Array(buffer[headerEnd.body..<headerEnd.body + length])
    start = headerEnd.body + length
    scanned = start
    return Frame(body: body, skippedLines: skipped)
  }

  /// The framed form of `body`: a `Content-Length` header and the bytes.
  public static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }
}

extension StringProtocol {
  /// The text without leading and trailing characters in `set`.
  func trimmingCharacters(in set: String) -> String {
    let characters = Set(set)
    let trimmed = drop { characters.contains($0) }
    return String(trimmed.reversed().drop { characters.contains($0) }.reversed())
  }
}
