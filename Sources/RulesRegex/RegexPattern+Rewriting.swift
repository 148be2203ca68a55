extension RegexPattern {
  /// `subject` with every match from ``allMatches(in:)`` replaced, as RE2's `GlobalReplace`.
  ///
  /// In `replacement`, `\0`...`\9` insert a group (empty when the group is unset or does not
  /// exist) and `\\` inserts one backslash; any other backslash is kept as written.
  public func replacingAll(in subject: String, with replacement: String) throws(RegexError) -> String {
    let matches = try allMatches(in: subject)
    guard !matches.isEmpty else { return subject }
    let template = Self.parseReplacement(replacement)
    let bytes = Array(subject.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var copied = 0
    for match in matches {
      output += bytes[copied..<match.range.lowerBound]
      for part in template {
        switch part {
        case .literal(let text): output += text
        case .group(let number):
          if let range = match.group(number) { output += bytes[range] }
        }
      }
      copied = match.range.upperBound
    }
    output += bytes[copied...]
    return String(decoding: output, as: UTF8.self)
  }

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

  private enum ReplacementPart {
    case literal([UInt8])
    case group(Int)
  }

  private static func parseReplacement(_ replacement: String) -> [ReplacementPart] {
    let backslash = UInt8(ascii: "\\")
    var parts: [ReplacementPart] = []
    var literal: [UInt8] = []
    var iterator = replacement.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == backslash else {
        literal.append(byte)
        continue
      }
      guard let next = iterator.next() else {
        literal.append(backslash)
        break
      }
      switch next {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if !literal.isEmpty { parts.append(.literal(literal)) }
        literal = []
        parts.append(.group(Int(next - UInt8(ascii: "0"))))
      case backslash:
        literal.append(backslash)
      default:
        literal += [backslash, next]
      }
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
    return parts
  }
}
