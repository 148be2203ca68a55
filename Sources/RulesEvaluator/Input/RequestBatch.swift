/// A batch of requests in JSON lines (`simulate --requests`): one JSON object per line;
/// blank lines are skipped.
public enum RequestBatch {
  /// A malformed line: its 1-based number and what is wrong.
  public struct LineError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int?
    public var message: String
    public var description: String {
      column.map { "line \(line), column \($0): \(message)" } ?? "line \(line): \(message)"
    }
  }

  /// What a line takes from the command line when it lacks the field (`simulate --bucket`,
  /// `--uid`/`--auth`); a line's own field always wins.
  public struct Defaults: Sendable {
    /// The bucket of lines whose `bucket` is absent or null.
    public var bucket: String?
    /// The user of lines without an `auth` key; a line's `"auth": null` is signed out.
    public var auth: AuthContext?

    public init(bucket: String? = nil, auth: AuthContext? = nil) {
      self.bucket = bucket
      self.auth = auth
    }
  }

  /// Every request of `text`, with `defaults` filled in, or the first malformed line.
  public static func parse(
    _ text: String, defaults: Defaults = Defaults()
  ) throws(LineError) -> [RequestInput] {
    let bytes = Array(text.utf8)
    return try parse(lines: bytes[...], firstLine: 1, defaults: defaults)
  }

  /// The requests of the whole lines in `bytes`, the first of them line number `firstLine`,
  /// with `defaults` filled in, or the first malformed line: a piece of a batch from
  /// ``pieces(of:count:)``, parsed on its own. `lineCount`, when the caller knows how many
  /// lines there are at most, sizes the result at once.
  public static func parse(
    lines bytes: ArraySlice<UInt8>, firstLine: Int, defaults: Defaults = Defaults(), lineCount: Int = 0
  ) throws(LineError) -> [RequestInput] {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(LineError) in
        try parse(lines: buffer, firstLine: firstLine, defaults: defaults, lineCount: lineCount)
      }
    }
    return try result.get()
  }

  /// ``parse(lines:firstLine:defaults:lineCount:)`` of bytes held for the call, read without bounds
  /// checks (every access follows an end test).
  private static func parse(
    lines bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, defaults: Defaults, lineCount: Int
  ) throws(LineError) -> [RequestInput] {
    var requests: [RequestInput] = []
    requests.reserveCapacity(lineCount)
    // Users without claims, by uid: lines of the same user share its `request.auth`.
    var users: [MapKey: AuthContext] = [:]
    var number = firstLine - 1
    var start = 0
    while start < bytes.count {
      number += 1
      let end = newline(in: bytes, from: start)
      var last = end
      if last > start, bytes[last - 1] == 0x0D { last -= 1 }
      defer { start = end + 1 }
      let line = UnsafeBufferPointer(rebasing: bytes[start..<last])
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      // The usual line is read straight from its bytes; any other goes through the JSON tree.
      if let request = RequestLineReader.read(line, users: &users, defaults: defaults) {
        requests.append(request)
        continue
      }
      let json: JSONInput
      do {
        json = try JSONInputParser.parse(buffer: line)
      } catch {
        throw LineError(line: number, column: error.column, message: "malformed JSON: \(error.message)")
      }
      do {
        requests.append(try RequestInput(json: json, users: &users, defaults: defaults))
      } catch {
        throw LineError(line: number, column: nil, message: error.message)
      }
    }
    return requests
  }

  /// The index of the first newline of `bytes` at or after `start`, or `bytes.count`: eight
  /// bytes at a time, then one at a time.
  static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    let raw = UnsafeRawBufferPointer(bytes)
    while index + 8 <= bytes.count {
      // A byte of `x` is zero where a newline is; the lowest flagged byte of
      // `(x - 0x01…) & ~x & 0x80…` is the first zero byte (higher ones may be flagged wrongly).
      let x =
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        ^ 0x0A0A_0A0A_0A0A_0A0A
      let found = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    return index
  }

  /// The ranges of ``pieces(of:count:)`` without their line numbers: found without reading
  /// more than the bytes around each cut.
  public static func cuts(of bytes: [UInt8], count: Int) -> [Range<Int>] {
    let size = max(1, bytes.count / max(1, count))
    var cuts: [Range<Int>] = []
    var start = 0
    while start < bytes.count {
      var end = min(start + size, bytes.count)
      while end < bytes.count, bytes[end - 1] != 0x0A { end += 1 }
      cuts.append(start..<end)
      start = end
    }
    return cuts
  }

  /// `bytes` cut after newlines into at most `count` pieces of about equal size, each with the
  /// number of its first line, for ``parse(lines:firstLine:defaults:lineCount:)``; in order, covering
  /// every byte.
  public static func pieces(of bytes: [UInt8], count: Int) -> [(range: Range<Int>, firstLine: Int)] {
    let size = max(1, bytes.count / max(1, count))
    var pieces: [(range: Range<Int>, firstLine: Int)] = []
    var start = 0
    var line = 1
    while start < bytes.count {
      var end = min(start + size, bytes.count)
      while end < bytes.count, bytes[end - 1] != 0x0A { end += 1 }
      pieces.append((start..<end, line))
      for byte in bytes[start..<end] where byte == 0x0A { line += 1 }
      start = end
    }
    return pieces
  }
}
