import RulesInput

/// Spots a misspelt subcommand before it is taken for a file to lint (`lint` is the default
/// subcommand, so `rulescheck simulat x.rules` would otherwise lint two missing files).
struct CommandSuggestion {
  /// The subcommand names, in the order they are offered.
  var names: [String]

  /// The message for `arguments` (the command line without the program name) when its first
  /// word is no subcommand, no option and no existing file, has no `/` or `.` (so it does not
  /// look like a path), and is close to a subcommand's name: one or two edits away, or its
  /// first three or more letters. Nil otherwise, and the run goes on as usual.
  func message(for arguments: [String]) -> String? {
    guard let word = arguments.first, !word.hasPrefix("-"), !word.contains("/"), !word.contains("."),
      !names.contains(word), FileKind(path: word) == .missing
    else { return nil }
    let typed = Array(word.lowercased())
    var best: (name: String, distance: Int)?
    for name in names {
      let candidate = Array(name)
      let distance =
        typed.count >= 3 && candidate.starts(with: typed) ? 1 : Self.distance(typed, candidate)
      guard distance <= max(1, candidate.count / 3) else { continue }
      if best.map({ distance < $0.distance }) ?? true { best = (name, distance) }
    }
    guard let best else { return nil }
    return "no such file or command '\(word)'; did you mean 'rulescheck \(best.name)'?"
  }

  /// The edit distance between `a` and `b` counting insertions, deletions, substitutions and
  /// swaps of neighbours as one edit each (optimal string alignment). Words here are short.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
