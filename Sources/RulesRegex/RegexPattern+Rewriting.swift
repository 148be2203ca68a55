extension RegexPattern {
  /// The pieces of `subject` between matches, as production's `split` returns them.
  ///
  /// Matches come from ``allMatches(in:)``, so an empty match at offset 0 gives a leading empty
  /// piece (`'abc'.split('')` is `['', 'a', 'b', 'c']`). Trailing empty pieces are dropped;
  /// when nothing is left the result is `['']` (`','.split(',')`), and no match at all gives
  /// `[subject]`.
  public func split(_ subject: String) throws(RegexError) -> [String] {
    let matches = try allMatches(in: subject)
    let bytes = Array(subject.utf8)
    var pieces: [String] = []
    var start = 0
    for match in matches {
      pieces.append(String(decoding: bytes[start..<match.range.lowerBound], as: UTF8.self))
      start = match.range.upperBound
    }
    pieces.append(String(decoding: bytes[start...], as: UTF8.self))
    while pieces.last?.isEmpty == true { pieces.removeLast() }
    return pieces.isEmpty ? [""] : pieces
  }
}
