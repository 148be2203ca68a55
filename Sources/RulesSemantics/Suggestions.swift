/// "Did you mean" suggestions by edit distance.
enum Suggestions {
  /// The candidate closest to `name`, if it is close enough to be a likely typo.
  static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let limit = max(1, min(3, name.count / 3))
    var best: (String, Int)?
    for candidate in candidates where candidate != name {
      let distance = editDistance(name.lowercased(), candidate.lowercased())
      if distance <= limit, best == nil || distance < best!.1 || (distance == best!.1 && candidate < best!.0)
      {
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
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      previousPrevious = previous
      previous = current
    }
    return previous[b.count]
  }
}
