/// A single pass over a pattern's UTF-8 bytes that records constructs RE2 lacks.
///
/// It knows escapes, `\Q...\E`, character classes (`[]a]`, `[^]a]`, `[[:alpha:]]`), group
/// openers, inline flags and quantifiers; every syntax byte is ASCII, so multi-byte characters
/// are skipped a byte at a time.
struct RE2Scanner {
  private let bytes: [UInt8]
  private var index = 0
  private(set) var found: [UnsupportedConstruct] = []
  /// The sum of the largest count of every counted repetition (`{n}`, `{n,}`, `{n,m}`): how
  /// many characters one step of a match may compare, beyond the pattern's own length.
  private(set) var repetitionTotal = 0

  /// RE2's largest repetition count in `{n,m}`.
  private static let maximumRepeat = 1000

  /// Single-letter escapes PCRE2 knows and RE2 rejects, by letter.
  private static let escapeNames: [Unicode.Scalar: String] = [
    "G": "\\G anchor", "K": "\\K match reset", "Z": "\\Z anchor", "R": "\\R newline sequence",
    "X": "\\X grapheme cluster", "h": "\\h horizontal space", "H": "\\H non-horizontal space",
    "V": "\\V non-vertical space", "N": "\\N escape", "e": "\\e escape", "o": "\\o octal escape",
  ]

  init(pattern: [UInt8]) {
    bytes = pattern
  }

  mutating func scan() {
    while let current = scalar(at: index) {
      switch current {
      case "\\": scanEscape()
      case "[": skipClass()
      case "(": scanGroupOpening()
      case "*", "+", "?":
        index += 1
        scanQuantifierSuffix(from: index - 1)
      case "{":
        guard let end = countedRepetitionEnd() else {
          index += 1
          break
        }
        let start = index
        index = end
        scanQuantifierSuffix(from: start)
      default: index += 1
      }
    }
  }

  private func scalar(at position: Int) -> Unicode.Scalar? {
    position < bytes.count ? Unicode.Scalar(bytes[position]) : nil
  }

  private mutating func record(_ construct: String, from start: Int, to end: Int) {
    found.append(UnsupportedConstruct(construct: construct, offset: start, length: end - start))
  }

  /// The index just past the first `terminator` at or after `position`, or the end.
  private func position(after terminator: Unicode.Scalar, from position: Int) -> Int {
    var cursor = position
    while let current = scalar(at: cursor) {
      cursor += 1
      if current == terminator { return cursor }
    }
    return bytes.count
  }

  /// Skips `\Q...\E` whose `\Q` starts at `index`.
  private mutating func skipQuoted() {
    var cursor = index + 2
    while cursor < bytes.count {
      if scalar(at: cursor) == "\\", scalar(at: cursor + 1) == "E" {
        index = cursor + 2
        return
      }
      cursor += 1
    }
    index = bytes.count
  }

  private mutating func scanEscape() {
    let start = index
    guard let letter = scalar(at: index + 1) else {
      index += 1
      return
    }
    index += 2
    switch letter {
    case "Q":
      index = start
      skipQuoted()
    case "1"..."9":
      while let digit = scalar(at: index), ("0"..."9").contains(digit) { index += 1 }
      record("backreference", from: start, to: index)
    case "g", "k":
      let opener = scalar(at: index)
      let closer: Unicode.Scalar? =
        switch opener {
        case "{": "}"
        case "<": ">"
        case "'": "'"
        default: nil
        }
      if let closer {
        index = position(after: closer, from: index + 1)
      } else {
        if scalar(at: index) == "+" || scalar(at: index) == "-" { index += 1 }
        while let digit = scalar(at: index), ("0"..."9").contains(digit) { index += 1 }
      }
      // Oniguruma-style \g<name> and \g'name' call a group; the other forms refer back to one.
      let isCall = letter == "g" && (opener == "<" || opener == "'")
      record(isCall ? "recursion" : "backreference", from: start, to: index)
    case "x", "p", "P", "o", "N":
      if scalar(at: index) == "{" {
        index = position(after: "}", from: index + 1)
      } else if letter == "p" || letter == "P" {
        index += 1
      }
      if let name = Self.escapeNames[letter] { record(name, from: start, to: index) }
    case "c":
      index = min(index + 1, bytes.count)
      record("\\c control escape", from: start, to: index)
    default:
      if let name = Self.escapeNames[letter] { record(name, from: start, to: index) }
    }
  }

  /// Skips a character class whose `[` is at `index`; nothing inside one is reported.
  private mutating func skipClass() {
    index += 1
    if scalar(at: index) == "^" { index += 1 }
    if scalar(at: index) == "]" { index += 1 }
    while let current = scalar(at: index) {
      switch current {
      case "]":
        index += 1
        return
      case "\\":
        if scalar(at: index + 1) == "Q" { skipQuoted() } else { index += 2 }
      case "[":
        index = posixClassEnd() ?? index + 1
      default:
        index += 1
      }
    }
    index = bytes.count
  }

  /// The end of a POSIX class such as `[:alpha:]` starting at `index`, or `nil` if none.
  private func posixClassEnd() -> Int? {
    guard let kind = scalar(at: index + 1), kind == ":" || kind == "." || kind == "=" else {
      return nil
    }
    var cursor = index + 2
    while let current = scalar(at: cursor) {
      if current == "]" { return nil }
      if current == kind, scalar(at: cursor + 1) == "]" { return cursor + 2 }
      cursor += 1
    }
    return nil
  }

  /// Classifies the group opener whose `(` is at `index`.
  private mutating func scanGroupOpening() {
    let start = index
    if scalar(at: index + 1) == "*" {
      index = position(after: ")", from: index + 2)
      record("backtracking verb", from: start, to: index)
      return
    }
    guard scalar(at: index + 1) == "?", let kind = scalar(at: index + 2) else {
      index += 1
      return
    }
    index += 3
    switch kind {
    case "=", "!", "*": record("lookahead", from: start, to: index)
    case ">": record("atomic group", from: start, to: index)
    case "|": record("branch reset group", from: start, to: index)
    case "(": record("conditional group", from: start, to: index)
    case "'": record("quoted group name", from: start, to: index)
    case "<":
      // `(?<name>` is a named group in both; `(?<=`, `(?<!` and `(?<*` look behind.
      if let next = scalar(at: index), next == "=" || next == "!" || next == "*" {
        index += 1
        record("lookbehind", from: start, to: index)
      }
    case "P":
      let next = scalar(at: index)
      if next == "=" || next == ">" {
        index = position(after: ")", from: index)
        record(next == "=" ? "backreference" : "recursion", from: start, to: index)
      }
    case "#":
      index = position(after: ")", from: index)
      record("comment group", from: start, to: index)
    case "C":
      index = position(after: ")", from: index)
      record("callout", from: start, to: index)
    case "R", "&", "+", "0"..."9":
      index = position(after: ")", from: index)
      record("recursion", from: start, to: index)
    case "-" where scalar(at: index).map { ("0"..."9").contains($0) } ?? false:
      index = position(after: ")", from: index)
      record("recursion", from: start, to: index)
    case ":":
      break
    default:
      index -= 1
      scanFlags()
    }
  }

  /// Reads inline flags such as `(?i)` or `(?s-i:`, starting at the first flag; RE2 knows
  /// `i`, `m`, `s`, `U` and `-`.
  private mutating func scanFlags() {
    while let flag = scalar(at: index),
      ("a"..."z").contains(flag) || ("A"..."Z").contains(flag) || flag == "-" || flag == "^"
    {
      if !"imsU-".unicodeScalars.contains(flag) {
        record("inline flag \(flag)", from: index, to: index + 1)
      }
      index += 1
    }
    if scalar(at: index) == ")" || scalar(at: index) == ":" { index += 1 }
  }

  /// After a quantifier that began at `start`: `+` makes it possessive, `?` lazy.
  private mutating func scanQuantifierSuffix(from start: Int) {
    switch scalar(at: index) {
    case "+":
      index += 1
      record("possessive quantifier", from: start, to: index)
    case "?":
      index += 1
    default:
      break
    }
  }

  /// The end of `{n}`, `{n,}` or `{n,m}` at `index`, recording counts RE2 refuses; `nil` when
  /// the brace is a literal.
  private mutating func countedRepetitionEnd() -> Int? {
    var cursor = index + 1
    var counts: [Int] = []
    var sawComma = false
    while true {
      var value = 0
      var digits = 0
      while let digit = scalar(at: cursor), ("0"..."9").contains(digit) {
        value = min(value * 10 + Int(digit.value - 48), Self.maximumRepeat + 1)
        digits += 1
        cursor += 1
      }
      if digits > 0 { counts.append(value) }
      guard digits > 0 || sawComma else { return nil }
      if scalar(at: cursor) == ",", !sawComma {
        sawComma = true
        cursor += 1
        continue
      }
      guard scalar(at: cursor) == "}" else { return nil }
      cursor += 1
      break
    }
    if counts.contains(where: { $0 > Self.maximumRepeat }) {
      record("repetition count above 1000", from: index, to: cursor)
    }
    repetitionTotal += counts.max() ?? 0
    return cursor
  }
}
