/// How a listing file is written.
public enum ListingFormat: String, Sendable, CaseIterable {
  /// Text: one object name per line, or the output of `gsutil ls` / `gcloud storage ls`
  /// (`gs://` URLs, `-r` headers, `-l` long-listing rows, `TOTAL:` lines).
  case text
  /// JSON: an array of names or of metadata objects with a `name`, or Cloud Storage JSON API
  /// `objects.list` pages (one, several back to back, or an array of them).
  case json
  /// JSON when the first character that is not white space is `[`, or `{` followed (after
  /// optional white space) by `"` or `}`; text otherwise.
  case automatic

  /// Whether `bytes` read as ``automatic`` are JSON.
  static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
    var position = 0
    JSONPositions.skipSpace(bytes, &position)
    guard position < bytes.count else { return false }
    if bytes[position] == UInt8(ascii: "[") { return true }
    guard bytes[position] == UInt8(ascii: "{") else { return false }
    position += 1
    JSONPositions.skipSpace(bytes, &position)
    return position < bytes.count
      && (bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "}"))
  }
}
