extension StoragePath {
  static let schemeMessage = "Internal error: URL scheme must be one of gs://, http://, or https://"
  static let gsMessage = "Internal error: URI must be in the form of gs://<bucket>/<path/to/object>"
  static let httpMessage =
    "Internal error: URL must be in the form of "
    + "http[s]://<host>/v0/b/<bucket>/o/<path/to/object>[?token=signed_url_params]"

  /// The place a `gs://bucket/path` or `http[s]://<host>/v0/b/<bucket>/o/<percent-encoded
  /// path>` URL names, parsed as the Apple-platform SDK parses it: the scheme is case-sensitive,
  /// the host is not checked, a `gs://` path is not percent-decoded, an `http[s]` path is
  /// decoded segment by segment and ends at `?` or `#`; both are then slash-normalised.
  ///
  /// - Throws: ``BucketError/pathError(message:)`` with the SDK's message.
  public init(url: String) throws(BucketError) {
    if url.hasPrefix("gs://") {
      self = try StoragePath.parseGS(url.utf8.dropFirst(5))
    } else if url.hasPrefix("http://") || url.hasPrefix("https://") {
      self = try StoragePath.parseHTTP(url.utf8.drop { $0 != UInt8(ascii: ":") }.dropFirst(3))
    } else {
      throw .pathError(message: StoragePath.schemeMessage)
    }
  }

  /// `bucket[/object]`: the bucket ends at the first `/`; empty pieces are skipped, as Swift's
  /// `split` does in the SDK (so `gs:///x` is bucket `x`).
  private static func parseGS(_ rest: Substring.UTF8View) throws(BucketError) -> StoragePath {
    let pieces = rest.split(separator: UInt8(ascii: "/"), maxSplits: 1)
    guard let bucket = pieces.first else { throw .pathError(message: gsMessage) }
    let object = pieces.count == 2 ? String(decoding: pieces[1], as: UTF8.self) : ""
    return StoragePath(bucket: String(decoding: bucket, as: UTF8.self), object: object)
  }

  /// `host/v0/b/<bucket>[/o[/<object>]]`, then an optional query or fragment.
  private static func parseHTTP(_ rest: Substring.UTF8View) throws(BucketError) -> StoragePath {
    let stops: Set<UInt8> = [UInt8(ascii: "?"), UInt8(ascii: "#")]
    let beforeQuery = rest.prefix { !stops.contains($0) }
    guard let pathStart = beforeQuery.firstIndex(of: UInt8(ascii: "/")) else {
      throw .pathError(message: httpMessage)
    }
    var components: [String] = []
    for encoded in beforeQuery[pathStart...].split(separator: UInt8(ascii: "/")) {
      guard let decoded = percentDecoded(encoded) else { throw .pathError(message: httpMessage) }
      components.append(decoded)
    }
    guard components.count >= 3, components[0] == "v0", components[1] == "b" else {
      throw .pathError(message: httpMessage)
    }
    if components.count == 3 { return StoragePath(bucket: components[2]) }
    guard components[3] == "o" else { throw .pathError(message: httpMessage) }
    return StoragePath(bucket: components[2], object: components[4...].joined(separator: "/"))
  }

  /// `%XX` escapes decoded; nil for a malformed escape or bytes that are not UTF-8.
  static func percentDecoded(_ bytes: Substring.UTF8View.SubSequence) -> String? {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "%") else {
        output.append(byte)
        index = bytes.index(after: index)
        continue
      }
      let high = bytes.index(after: index)
      guard high < bytes.endIndex, bytes.index(after: high) < bytes.endIndex,
        let h = hexValue(bytes[high]), let l = hexValue(bytes[bytes.index(after: high)])
      else { return nil }
      output.append(h << 4 | l)
      index = bytes.index(high, offsetBy: 2)
    }
    return String(validating: output, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
