import RulesSyntax

extension LintContext {
  /// The full pattern of a match as written, such as `/b/{bucket}/o/users/{userId}`; past
  /// ``LintLimits/maximumPatternTextLength`` scalars it keeps the start and the end with `…`
  /// between. Costs O(that length) whatever the pattern's size, so a message per `allow`
  /// never grows with the file.
  public func patternText(_ segments: some BidirectionalCollection<PathSegment>) -> String {
    guard !segments.isEmpty else { return "" }
    let limit = LintLimits.maximumPatternTextLength
    // Most patterns are short: under the limit in UTF-8 bytes, they are under it in scalars.
    var bytes = 0
    for segment in segments {
      bytes += Self.pieces(segment).reduce(0) { $0 + $1.utf8.count }
      if bytes > limit { break }
    }
    if bytes <= limit { return segments.map { Self.pieces($0).joined() }.joined() }
    var head: [Unicode.Scalar] = []
    headLoop: for segment in segments {
      for piece in Self.pieces(segment) {
        head += piece.unicodeScalars.prefix(limit + 1 - head.count)
        if head.count > limit { break headLoop }
      }
    }
    guard head.count > limit else { return Self.string(head) }
    var tail: [Unicode.Scalar] = []
    tailLoop: for segment in segments.reversed() {
      for piece in Self.pieces(segment).reversed() {
        tail = Array(piece.unicodeScalars.suffix(limit / 2 - tail.count)) + tail
        if tail.count >= limit / 2 { break tailLoop }
      }
    }
    return Self.string(Array(head.prefix(limit / 2))) + "…" + Self.string(tail)
  }

  /// One segment as written, in pieces that share the segment's strings (never copied whole).
  private static func pieces(_ segment: PathSegment) -> [String] {
    switch segment.kind {
    case .literal(let text): ["/", text]
    case .wildcard(let name): ["/{", name, segment.isWrittenWithStar ? "=*}" : "}"]
    case .recursiveWildcard(let name): ["/{", name, "=**}"]
    }
  }

  private static func string(_ scalars: [Unicode.Scalar]) -> String {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars)
    return String(text)
  }
}
