import RulesSyntax

extension LintContext {
  /// The full pattern of a match as written, such as `/b/{bucket}/o/users/{userId}`; past
  /// ``LintLimits/maximumPatternTextLength`` scalars it keeps the start and the end with `…`
  /// between. Costs O(that length) whatever the pattern's size, so a message per `allow`
  /// never grows with the file.
  public func patternText(_ segments: some BidirectionalCollection<PathSegment>) -> String {
    let limit = LintLimits.maximumPatternTextLength
    var whole = PatternSpelling(capacity: limit)
    for segment in segments {
      whole.append(segment)
      if whole.isFull { break }
    }
    guard whole.isFull else { return whole.text }
    var start = PatternSpelling(capacity: limit / 2)
    for segment in segments {
      start.append(segment)
      if start.isFull { break }
    }
    var end = PatternSpelling(capacity: limit / 2, fromEnd: true)
    for segment in segments.reversed() {
      end.append(segment)
      if end.isFull { break }
    }
    return start.text + "…" + end.text
  }
}

/// At most `capacity` scalars of a pattern's spelling, from its start or (`fromEnd`) its end,
/// gathered as UTF-8 without copying any segment's text whole.
private struct PatternSpelling {
  let capacity: Int
  let fromEnd: Bool
  private var bytes: [UInt8] = []
  private var scalars = 0
  /// Whether more scalars were offered than fit.
  private(set) var isFull = false

  init(capacity: Int, fromEnd: Bool = false) {
    self.capacity = capacity
    self.fromEnd = fromEnd
  }

  var text: String { String(decoding: fromEnd ? bytes.reversed() : bytes, as: UTF8.self) }

  /// Adds one segment as written (`/text`, `/{name}`, `/{name=*}`, `/{name=**}`).
  mutating func append(_ segment: PathSegment) {
    switch segment.kind {
    case .literal(let text): append("/", text, "")
    case .wildcard(let name): append("/{", name, segment.isWrittenWithStar ? "=*}" : "}")
    case .recursiveWildcard(let name): append("/{", name, "=**}")
    }
  }

  private mutating func append(_ first: String, _ second: String, _ third: String) {
    for piece in fromEnd ? [third, second, first] : [first, second, third] where !isFull {
      if fromEnd { appendBackwards(piece) } else { append(piece) }
    }
  }

  private mutating func append(_ piece: String) {
    for byte in piece.utf8 {
      if byte & 0xC0 != 0x80 {
        guard scalars < capacity else {
          isFull = true
          return
        }
        scalars += 1
      }
      bytes.append(byte)
    }
  }

  /// Backwards a scalar's continuation bytes come before its lead byte, which completes it.
  private mutating func appendBackwards(_ piece: String) {
    for byte in piece.utf8.reversed() {
      guard scalars < capacity else {
        isFull = true
        return
      }
      bytes.append(byte)
      if byte & 0xC0 != 0x80 { scalars += 1 }
    }
  }
}
