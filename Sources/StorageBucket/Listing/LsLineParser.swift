import RulesEvaluator

/// Reads one line of `bytes` (`start..<end`, without its line break).
struct LsLineParser {
  let bytes: [UInt8]
  let line: Int
  let start: Int
  let end: Int

  private static let scheme = Array("gs://".utf8)
  private static let total = Array("TOTAL:".utf8)
  private static let space = UInt8(ascii: " ")

  /// The line, or an error naming the column where it stops matching every shape.
  func parse(_ times: inout CreationTimes) throws(ListingError) -> LsLine {
    if bytes[start..<end].allSatisfy({ $0 == Self.space || $0 == 0x09 }) { return LsLine(.blank) }
    if has(Self.total, at: start) {
      guard isTotal() else {
        throw failure(at: start, "a TOTAL: line must read TOTAL: <count> objects, <count> bytes (<size>)")
      }
      return LsLine(.total)
    }
    if has(Self.scheme, at: start) { return try url(from: start, row: nil) }
    var position = skipSpaces(from: start)
    if position > start, has(Self.scheme, at: position) { return try url(from: position, row: .folder) }
    guard position < end, isDigit(bytes[position]) else {
      throw failure(
        at: position,
        "not a line of gsutil or gcloud ls output: expected a gs:// URL, a gs://bucket/folder/: header, "
          + "a long-listing row (size, date, URL), a TOTAL: line or a blank line")
    }
    var size: Int64?
    (size, position) = try sizeToken(from: position)
    let afterSize = skipSpaces(from: position)
    guard afterSize > position else {
      throw failure(at: position, "expected spaces after the size, then the creation time and the URL")
    }
    position = afterSize
    let dateEnd = position + 20
    guard dateEnd < end, bytes[dateEnd - 1] == UInt8(ascii: "Z"), bytes[dateEnd] == Self.space,
      let created = times.timestamp(bytes, position)
    else {
      throw failure(
        at: position, "expected the creation time as YYYY-MM-DDTHH:MM:SSZ, e.g. 2020-03-02T19:25:17Z")
    }
    position = skipSpaces(from: dateEnd)
    guard has(Self.scheme, at: position) else {
      throw failure(at: position, "expected a gs:// URL after the creation time")
    }
    var parsed = try url(from: position, row: .object)
    parsed.created = created
    parsed.size = size
    return parsed
  }

  /// A URL from `from` to the end of the line. `row` is nil for a bare URL line, `.folder` for
  /// a long listing's folder row, `.object` for a long-listing row (whose suffixes it reads).
  private func url(from urlStart: Int, row: LsLine.Kind?) throws(ListingError) -> LsLine {
    var urlEnd = end
    var metadata: [String: Value] = [:]
    // Suffixes follow the URL after two spaces, which names seldom hold.
    if row == .object, hasTwoSpaces(from: urlStart) {
      if let (value, marker) = suffix("  etag=", before: urlEnd, after: urlStart), !value.isEmpty,
        !bytes[value].contains(Self.space)
      {
        metadata["etag"] = .string(String(decoding: bytes[value], as: UTF8.self))
        urlEnd = marker
      }
      if let (value, marker) = suffix("  metageneration=", before: urlEnd, after: urlStart), !value.isEmpty,
        value.allSatisfy({ isDigit(bytes[$0]) })
      {
        guard let number = integer(value) else {
          throw failure(at: value.lowerBound, "metageneration out of range")
        }
        metadata["metageneration"] = .int(number)
        urlEnd = marker
      }
    }
    let host = urlStart + Self.scheme.count
    let slash = bytes[host..<urlEnd].firstIndex(of: UInt8(ascii: "/"))
    guard let slash else {
      // `gs://bucket:` (a header) or `gs://bucket` (the bucket itself).
      guard urlEnd > host else {
        throw failure(at: host, "a gs:// line must name a bucket: gs://bucket/name")
      }
      guard row == nil else { throw failure(at: urlStart, "expected a URL gs://bucket/name") }
      let isHeader = urlEnd > host + 1 && bytes[urlEnd - 1] == UInt8(ascii: ":")
      var line = LsLine(isHeader ? .header : .bucket)
      line.bucket = host..<(isHeader ? urlEnd - 1 : urlEnd)
      return line
    }
    guard slash > host else { throw failure(at: host, "a gs:// line must name a bucket: gs://bucket/name") }
    var line = LsLine(row ?? .object)
    line.bucket = host..<slash
    var name = (slash + 1)..<urlEnd
    if row == nil {
      let isHeader =
        bytes[name].elementsEqual([UInt8(ascii: ":")])
        || (name.count >= 2 && bytes[urlEnd - 2] == UInt8(ascii: "/")
          && bytes[urlEnd - 1] == UInt8(ascii: ":"))
      if name.isEmpty || isHeader {
        line.kind = name.isEmpty ? .bucket : .header
        return line
      }
    }
    guard !name.isEmpty else {
      throw failure(at: name.lowerBound, "expected an object name after the bucket")
    }
    if row != .folder, let mark = generationMark(in: name) {
      guard let generation = integer((mark + 1)..<name.upperBound) else {
        throw failure(at: mark, "generation out of range")
      }
      metadata["generation"] = .int(generation)
      name = name.lowerBound..<mark
    }
    if row == .folder, bytes[name.upperBound - 1] != UInt8(ascii: "/") {
      throw failure(at: urlStart, "a long-listing folder row must be a gs:// URL ending with '/'")
    }
    if name.count > PathIssue.maximumByteCount {
      throw failure(at: name.lowerBound, PathIssue(.tooLong(byteCount: name.count)).message)
    }
    if let breakAt = bytes[name].firstIndex(of: 0x0D) {
      throw failure(at: breakAt, PathIssue(.lineBreak).message)
    }
    line.name = name
    line.metadata = metadata.isEmpty ? nil : metadata
    return line
  }

  /// The `#` of a final `#<digits>` (with at least one byte of name before it), as gsutil and
  /// gcloud read a generation in a URL.
  private func generationMark(in name: Range<Int>) -> Int? {
    var index = name.upperBound
    while index > name.lowerBound, isDigit(bytes[index - 1]) { index -= 1 }
    let mark = index - 1
    guard index < name.upperBound, mark > name.lowerBound, bytes[mark] == UInt8(ascii: "#") else {
      return nil
    }
    return mark
  }

  /// The size column: exact bytes, or a `-h`/`--readable-sizes` value (`2.17 MiB`, `1.21KiB`,
  /// `0B`), which gives no exact size.
  private func sizeToken(from start: Int) throws(ListingError) -> (Int64?, Int) {
    var position = start
    while position < end, isDigit(bytes[position]) { position += 1 }
    let digitsEnd = position
    var isReadable = false
    if position + 1 < end, bytes[position] == UInt8(ascii: "."), isDigit(bytes[position + 1]) {
      position += 1
      while position < end, isDigit(bytes[position]) { position += 1 }
      isReadable = true
    }
    var unit = position
    if unit < end, bytes[unit] == Self.space { unit += 1 }
    if unit < end, Self.isUnitPrefix(bytes[unit]), unit + 1 < end,
      bytes[unit + 1] == UInt8(ascii: "i")
    {
      unit += 2
    }
    if unit < end, bytes[unit] == UInt8(ascii: "B"), unit + 1 == end || bytes[unit + 1] == Self.space {
      return (nil, unit + 1)
    }
    guard !isReadable else { throw failure(at: position, "expected a size unit such as B, KiB or MiB") }
    guard let size = integer(start..<digitsEnd) else {
      throw failure(at: start, "size out of range")
    }
    return (size, digitsEnd)
  }

  /// `TOTAL: <digits> objects, <digits> bytes (<anything>)`.
  private func isTotal() -> Bool {
    var position = start + Self.total.count
    func literal(_ text: String) -> Bool {
      let expected = Array(text.utf8)
      guard has(expected, at: position) else { return false }
      position += expected.count
      return true
    }
    func digits() -> Bool {
      let from = position
      while position < end, isDigit(bytes[position]) { position += 1 }
      return position > from
    }
    return literal(" ") && digits() && literal(" objects, ") && digits() && literal(" bytes (")
      && bytes[end - 1] == UInt8(ascii: ")") && position < end
  }

  /// The range after the last `marker` in `floor..<limit`, up to `limit`, and where the
  /// marker starts.
  private func suffix(_ marker: String, before limit: Int, after floor: Int) -> (Range<Int>, Int)? {
    let pattern = Array(marker.utf8)
    var index = limit - pattern.count
    while index >= floor {
      if has(pattern, at: index) { return ((index + pattern.count)..<limit, index) }
      index -= 1
    }
    return nil
  }

  private func has(_ pattern: [UInt8], at position: Int) -> Bool {
    position + pattern.count <= end && bytes[position..<(position + pattern.count)].elementsEqual(pattern)
  }

  /// Whether two spaces in a row follow `start` on the line.
  private func hasTwoSpaces(from start: Int) -> Bool {
    var position = start
    while position + 1 < end {
      if bytes[position + 1] != Self.space {
        position += 2
      } else if bytes[position] == Self.space {
        return true
      } else {
        position += 1
      }
    }
    return false
  }

  private func skipSpaces(from position: Int) -> Int {
    var position = position
    while position < end, bytes[position] == Self.space { position += 1 }
    return position
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// Whether `byte` begins a binary unit: K, M, G, T, P or E, in either case (`KiB`, `mib`).
  private static func isUnitPrefix(_ byte: UInt8) -> Bool {
    switch byte | 0x20 {
    case UInt8(ascii: "k"), UInt8(ascii: "m"), UInt8(ascii: "g"), UInt8(ascii: "t"), UInt8(ascii: "p"),
      UInt8(ascii: "e"):
      true
    default: false
    }
  }

  /// The decimal digits at `range`; nil past `Int64.max`.
  private func integer(_ range: Range<Int>) -> Int64? {
    var value: Int64 = 0
    for index in range {
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(Int64(bytes[index] - 0x30))
      if overflow || carry { return nil }
      value = sum
    }
    return value
  }

  /// The 1-based column of `offset` on this line, counting Unicode scalars.
  func column(of offset: Int) -> Int {
    var column = 1
    for byte in bytes[start..<min(max(offset, start), end)] where byte & 0xC0 != 0x80 { column += 1 }
    return column
  }

  private func failure(at offset: Int, _ message: String) -> ListingError {
    ListingError(line: line, column: column(of: offset), message: message)
  }
}
