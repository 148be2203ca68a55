extension RegexPattern {
  /// The pieces of `subject` between matches, as Java's `String.split(regex)` returns them.
  ///
  /// Matches come from ``allMatches(in:)``. Trailing empty pieces are dropped; a leading empty
  /// piece stays unless it comes from an empty match at offset 0; no match at all gives
  /// `[subject]` (so `''` gives `['']`, and `'/'.split('/')` gives `[]`).
  public func split(_ subject: String) throws(RegexError) -> [String] {
    let matches = try allMatches(in: subject)
    let bytes = Array(subject.utf8)
    var pieces: [String] = []
    var start = 0
    var splitOnce = false
    for match in matches {
      if match.range == 0..<0 { continue }
      pieces.append(String(decoding: bytes[start..<match.range.lowerBound], as: UTF8.self))
      start = match.range.upperBound
      splitOnce = true
    }
    guard splitOnce else { return [subject] }
    pieces.append(String(decoding: bytes[start...], as: UTF8.self))
    while pieces.last?.isEmpty == true { pieces.removeLast() }
    return pieces
  }
}
