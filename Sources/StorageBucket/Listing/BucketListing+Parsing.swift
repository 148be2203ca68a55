import RulesEvaluator
import RulesSyntax

extension BucketListing {
  /// Reads a listing in any of the formats of ``ListingFormat``; a name given twice is one
  /// object (the later wins, except that a folder placeholder never replaces an object).
  ///
  /// Text is `gsutil ls` / `gcloud storage ls` output (see ``LsLine``) when its first
  /// non-empty line begins with `gs://` or is a whole long-listing row, long-listing folder
  /// row or `TOTAL:` line; then every line must have one of those shapes. Otherwise it is one
  /// object name per line (empty lines skipped, a CR before the LF dropped, everything else part
  /// of the name), where a line beginning with `gs://` is still read as a URL.
  ///
  /// - Throws: ``ListingError`` naming the line and column: bytes that are not UTF-8, malformed
  ///   JSON, a line of ls output with none of its shapes, a name outside 1...1024 bytes or
  ///   holding CR/LF, a `gs://` URL without a bucket, URLs or items naming different buckets,
  ///   metadata of the wrong type, unknown keys.
  public init(parsing bytes: [UInt8], format: ListingFormat = .automatic) throws(ListingError) {
    if let offset = UTF8Validation.firstInvalidOffset(bytes) {
      let location = LineIndex(bytes).location(of: offset)
      throw ListingError(
        line: location.line, column: location.column,
        message: "not valid UTF-8: invalid byte 0x\(String(bytes[offset], radix: 16, uppercase: true))")
    }
    let isJSON: Bool
    switch format {
    case .text: isJSON = false
    case .json: isJSON = true
    case .automatic: isJSON = ListingFormat.looksLikeJSON(bytes)
    }
    self = isJSON ? try Self.parseJSON(bytes) : try Self.parseText(bytes)
  }

  /// Object names one per line, or ls output.
  static func parseText(_ bytes: [UInt8]) throws(ListingError) -> BucketListing {
    // Names as (start << 16 | flags | length) in `bytes`: sorted without allocating one array each.
    var names: [UInt64] = []
    var metadata: [(start: Int, listed: ListedMetadata)] = []
    var bucket = ListingBucket()
    var times = CreationTimes()
    let isLsOutput = Self.isLsOutput(bytes)
    let gsScheme = Array("gs://".utf8)
    for text in TextLines(bytes: bytes) {
      let (line, start, last) = (text.number, text.range.lowerBound, text.range.upperBound)
      if last == start { continue }
      if !isLsOutput && !bytes[start..<last].starts(with: gsScheme) {
        let name = bytes[start..<last]
        if name.count > PathIssue.maximumByteCount {
          throw ListingError(
            line: line, column: 1, message: PathIssue(.tooLong(byteCount: name.count)).message)
        }
        if let breakAt = name.firstIndex(of: 0x0D) {
          let parser = LsLineParser(bytes: bytes, line: line, start: start, end: last)
          throw ListingError(
            line: line, column: parser.column(of: breakAt), message: PathIssue(.lineBreak).message)
        }
        names.append(UInt64(start) << 16 | UInt64(name.count))
        continue
      }
      let parser = LsLineParser(bytes: bytes, line: line, start: start, end: last)
      let parsed = try parser.parse(&times)
      if let named = parsed.bucket {
        try bucket.note(bytes[named], line: line, column: parser.column(of: named.lowerBound))
      }
      guard parsed.kind == .object || parsed.kind == .folder else { continue }
      let range = UInt64(parsed.name.lowerBound) << 16 | UInt64(parsed.name.count)
      names.append(parsed.kind == .folder ? range | Self.placeholderFlag : range)
      if let listed = parsed.listed { metadata.append((parsed.name.lowerBound, listed)) }
    }
    return BucketListing(names: &names, in: bytes, bucket: bucket.name, metadata: metadata)
  }

  /// Whether the first non-empty line of `bytes` makes them ls output: it begins with `gs://`
  /// or is a whole long-listing row, folder row or `TOTAL:` line.
  static func isLsOutput(_ bytes: [UInt8]) -> Bool {
    guard let first = TextLines(bytes: bytes).first(where: { !$0.range.isEmpty }) else { return false }
    if bytes[first.range].starts(with: "gs://".utf8) { return true }
    var times = CreationTimes()
    let parser = LsLineParser(
      bytes: bytes, line: first.number, start: first.range.lowerBound, end: first.range.upperBound)
    let parsed = try? parser.parse(&times)
    return parsed.map { [.object, .folder, .total].contains($0.kind) } ?? false
  }
}
