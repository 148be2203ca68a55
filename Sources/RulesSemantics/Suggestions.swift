/// "Did you mean" suggestions by edit distance.
public enum Suggestions {
  /// The candidate closest to `name`, if it is close enough to be a likely typo.
  ///
  /// Names longer than ``AnalysisLimits/maximumSuggestedNameLength`` get none; each candidate
  /// costs at most O(length × 7), as only distances up to 3 count.
  public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let scalars = Array(name.lowercased().unicodeScalars)
    guard scalars.count <= AnalysisLimits.maximumSuggestedNameLength else { return nil }
    let limit = max(1, min(3, name.count / 3))
    var best: (String, Int)?
    for candidate in candidates where candidate != name {
      // A UTF-8 length this far off cannot be within `limit` scalars of the name.
      guard candidate.utf8.count <= 4 * (scalars.count + limit) else { continue }
      let distance = editDistance(scalars, Array(candidate.lowercased().unicodeScalars), limit: limit)
      if distance <= limit, best.map({ distance < $0.1 || (distance == $0.1 && candidate < $0.0) }) ?? true {
        best = (candidate, distance)
      }
    }
    return best?.0
  }

  /// "; did you mean 'x'?" or "". After a message that quotes Firebase and so ends in a
  /// period, pass `afterSentence` to get " Did you mean 'x'?".
  static func hint(
    for name: String, in candidates: some Sequence<String>, afterSentence: Bool = false
  ) -> String {
    guard let suggestion = closest(to: name, in: candidates) else { return "" }
    return afterSentence ? " Did you mean '\(suggestion)'?" : "; did you mean '\(suggestion)'?"
  }

  /// Levenshtein distance counting an adjacent transposition as one edit.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    return editDistance(a, b, limit: max(a.count, b.count))
  }

  /// ``editDistance(_:_:)`` when it is at most `limit`, else `limit + 1`; only the cells within
  /// `limit` of the diagonal are computed.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    guard abs(a.count - b.count) <= limit else { return limit + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let beyond = limit + 1
    var previousPrevious = [Int](repeating: beyond, count: b.count + 1)
    var previous = (0...b.count).map { min($0, beyond) }
    var current = [Int](repeating: beyond, count: b.count + 1)
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      current[0] = min(i, beyond)
      if low > 1 { current[low - 1] = beyond }
      for j in low...high {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = min(value, beyond)
      }
      if high < b.count { current[high + 1] = beyond }
      swap(&previousPrevious, &previous)
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
