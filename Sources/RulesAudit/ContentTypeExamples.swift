/// Content types that a `contentType.matches(regex)` check admits, guessed from the regex.
///
/// The guesses only seed probes: every probe is decided by the evaluator, so a wrong guess
/// costs a probe, never a wrong answer.
enum ContentTypeExamples {
  /// Up to four example strings for `pattern`: each top-level alternative with `.*`/`.+` after
  /// a `/` read as a common subtype of the type before it (`image/.*` → `image/png`; elsewhere as `x`), `\\.`-style escapes unescaped, a character class
  /// read as its first character, `?`/`*` quantifiers dropped and groups taken at their first
  /// alternative.
  static func examples(of pattern: String) -> [String] {
    var results: [String] = []
    for alternative in topLevelAlternatives(pattern).prefix(4) {
      if let example = example(of: Array(alternative)), !results.contains(example) {
        results.append(example)
      }
    }
    return results
  }

  /// The examples of `pattern` that stand for a whole media type: those of its top-level
  /// alternatives written `type/.*` or `type/.+` (`image/.*` → `image/png`, read as "images").
  static func familyExamples(of pattern: String) -> [String] {
    topLevelAlternatives(pattern).prefix(4).compactMap { alternative in
      guard alternative.hasSuffix("/.*") || alternative.hasSuffix("/.+") else { return nil }
      let type = alternative.dropLast(3)
      guard !type.isEmpty, type.allSatisfy({ $0.isLetter && $0.isASCII }) else { return nil }
      let prefix = type.lowercased() + "/"
      return prefix + subtype(after: prefix)
    }
  }

  /// `pattern` split at `|` outside groups and classes; a pattern that is one group of
  /// alternatives (`(a|b)`) is split inside it.
  private static func topLevelAlternatives(_ pattern: String) -> [String] {
    var text = Array(pattern)
    if text.first == "^" { text.removeFirst() }
    if text.last == "$" { text.removeLast() }
    if text.first == "(", text.last == ")", closingParenthesis(text, from: 0) == text.count - 1 {
      text = Array(text.dropFirst().dropLast())
      if text.starts(with: ["?", ":"]) { text.removeFirst(2) }
    }
    var parts: [String] = []
    var current: [Character] = []
    var depth = 0
    var inClass = false
    var index = 0
    while index < text.count {
      let character = text[index]
      if character == "\\", index + 1 < text.count {
        current += [character, text[index + 1]]
        index += 2
        continue
      }
      if inClass {
        if character == "]" { inClass = false }
      } else if character == "[" {
        inClass = true
      } else if character == "(" {
        depth += 1
      } else if character == ")" {
        depth -= 1
      } else if character == "|", depth == 0 {
        parts.append(String(current))
        current = []
        index += 1
        continue
      }
      current.append(character)
      index += 1
    }
    parts.append(String(current))
    return parts
  }

  private static func closingParenthesis(_ text: [Character], from start: Int) -> Int? {
    var depth = 0
    var index = start
    while index < text.count {
      if text[index] == "\\" {
        index += 2
        continue
      }
      if text[index] == "(" { depth += 1 }
      if text[index] == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
      index += 1
    }
    return nil
  }

  /// A common subtype of the media type `prefix` ends with (`image/` → `png`).
  private static func subtype(after prefix: String) -> String {
    switch prefix.split(separator: "/").last.map(String.init) ?? "" {
    case "image": "png"
    case "video": "mp4"
    case "audio": "mpeg"
    case "text": "plain"
    case "application": "pdf"
    case "font": "woff2"
    default: "x"
    }
  }

  /// One string the alternative `text` matches, or nil when it uses something not read here.
  private static func example(of text: [Character]) -> String? {
    var output = ""
    var index = 0
    while index < text.count {
      let character = text[index]
      let next = index + 1 < text.count ? text[index + 1] : nil
      switch character {
      case "\\":
        guard let next else { return nil }
        if next.isLetter { output += next == "d" ? "1" : "x" } else { output.append(next) }
        index += 2
      case ".":
        output += output.hasSuffix("/") ? subtype(after: output) : "x"
        index += (next == "*" || next == "+") ? 2 : 1
      case "[":
        guard let end = text[index...].firstIndex(of: "]"), end > index + 1 else { return nil }
        let first = text[index + 1] == "^" ? "x" : text[index + 1]
        output.append(first)
        index = end + 1
        if index < text.count, "*+?".contains(text[index]) { index += 1 }
      case "(":
        guard let end = closingParenthesis(text, from: index) else { return nil }
        let inner = String(text[(index + 1)..<end])
        guard let first = examples(of: inner).first else { return nil }
        output += first
        index = end + 1
        if index < text.count, "*+?".contains(text[index]) { index += 1 }
      case "*", "?":
        // The previous character may be absent; keeping it is still a match for `?`, and for
        // `*` one repetition is a match.
        index += 1
      case "+", "{", "}", "^", "$":
        index += 1
      default:
        output.append(character)
        index += 1
      }
    }
    return output.isEmpty ? nil : output
  }
}
