import RulesSyntax

extension BucketListing {
  /// Reads a listing: one object name per line (blank lines skipped, a CR before the LF
  /// dropped, everything else part of the name), `gs://bucket/name` lines as recursive
  /// `gcloud storage ls` / `gsutil ls` print them (`gs://bucket/folder/:` headers and bare
  /// `gs://bucket/` lines are skipped), a JSON array of names, or a JSON array of metadata
  /// objects with a `name`. A name given twice is one object (the later wins).
  ///
  /// - Throws: ``ListingError`` naming the line (and for JSON the column): bytes that are not
  ///   UTF-8, malformed JSON, a name outside 1...1024 bytes or holding CR/LF, a `gs://` line
  ///   without a bucket, lines naming different buckets, unknown metadata fields.
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
    case .automatic:
      isJSON = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "[")
    }
    self = isJSON ? try Self.parseJSON(bytes) : try Self.parseText(bytes)
  }

  /// One name per line, or `gs://bucket/name` lines.
  static func parseText(_ bytes: [UInt8]) throws(ListingError) -> BucketListing {
    // Names as (start << 16 | length) in `bytes`: sorted without allocating one array each.
    var names: [UInt64] = []
    var bucket = ListingBucket()
    var line = 0
    var start = 0
    let gsScheme = Array("gs://".utf8)
    while start < bytes.count {
      line += 1
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      var last = end
      if last > start, bytes[last - 1] == 0x0D { last -= 1 }
      defer { start = end + 1 }
      var name = bytes[start..<last]
      if name.isEmpty { continue }
      if name.starts(with: gsScheme) {
        let rest = name.dropFirst(gsScheme.count)
        let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        guard slash > rest.startIndex else {
          throw ListingError(line: line, message: "a gs:// line must name a bucket: gs://bucket/name")
        }
        try bucket.note(String(decoding: rest[..<slash], as: UTF8.self), line: line)
        name = slash == rest.endIndex ? [] : rest[rest.index(after: slash)...]
        // `gs://bucket/` (the bucket itself) and `gs://bucket/folder/:` (a header).
        if name.isEmpty || name.elementsEqual([UInt8(ascii: ":")])
          || name.reversed().starts(with: [0x3A, 0x2F])
        {
          continue
        }
      }
      if name.count > PathIssue.maximumByteCount {
        throw ListingError(line: line, message: PathIssue(.tooLong(byteCount: name.count)).message)
      }
      if name.contains(0x0D) { throw ListingError(line: line, message: PathIssue(.lineBreak).message) }
      names.append(UInt64(name.startIndex) << 16 | UInt64(name.count))
    }
    return BucketListing(names: &names, in: bytes, bucket: bucket.name)
  }
}
