extension RegexPattern {
  /// The pieces of `subject` between matches, as production's `split` returns them, within
  /// ``RegexBudget/standard``.
  ///
  /// Matches come from ``allMatches(in:limit:)``, so an empty match at offset 0 gives a leading
  /// empty piece (`'abc'.split('')` is `['', 'a', 'b', 'c']`). Trailing empty pieces are
  /// dropped; when nothing is left the result is `['']` (`','.split(',')`), and no match at all
  /// gives `[subject]`.
  public func split(_ subject: String) throws(RegexError) -> [String] {
    Self.pieces(of: subject, between: try allMatches(in: subject))
  }

  /// The pieces of `subject` around `matches` (all of its matches, from ``allMatches(in:limit:)``),
  /// as ``split(_:)`` returns them.
  public static func pieces(of subject: String, between matches: [RegexMatch]) -> [String] {
    let bytes = Array(subject.utf8)
    var pieces: [String] = []
    pieces.reserveCapacity(matches.count + 1)
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
