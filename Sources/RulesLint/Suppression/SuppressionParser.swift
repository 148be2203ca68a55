import RulesSyntax

/// A comment that starts like a directive but is not one.
public struct MalformedDirective: Sendable, Equatable {
  public let range: SourceRange
  public let message: String
}

/// Finds suppression directives in a file's comments.
public enum SuppressionParser {
  public static func parse(
    _ file: RulesFile
  ) -> (directives: [SuppressionDirective], malformed: [MalformedDirective]) {
    var directives: [SuppressionDirective] = []
    var malformed: [MalformedDirective] = []
    let bytes = file.source.bytes
    for comment in file.comments {
      var start = comment.range.start + 2
      var end = comment.range.end
      if comment.isBlock, end - 2 >= start, bytes[end - 2] == UInt8(ascii: "*"),
        bytes[end - 1] == UInt8(ascii: "/")
      {
        end -= 2
      }
      while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
        start += 1
      }
      let prefix = SuppressionDirective.prefix.utf8
      guard end - start >= prefix.count, bytes[start..<start + prefix.count].elementsEqual(prefix) else {
        continue
      }
      let words = Self.words(bytes, from: start + prefix.count, to: end)
      let line = file.source.lineIndex.line(of: comment.range.start)
      guard let keyword = words.first, let scope = SuppressionDirective.Scope(rawValue: keyword.text) else {
        let found = words.first?.text ?? ""
        let range = SourceRange(start: start, end: words.first?.range.end ?? start + prefix.count)
        let expected = SuppressionDirective.Scope.allCases.map(\.rawValue).joined(separator: ", ")
        malformed.append(
          MalformedDirective(range: range, message: "unknown directive '\(found)'; expected \(expected)"))
        continue
      }
      var targets: [SuppressionDirective.Target] = []
      var reason: String?
      for word in words.dropFirst() {
        // `--` starts the reason, also glued to a code (`RC301--reason`): no name has `--`.
        guard let dashes = word.text.utf8.firstRange(of: "--".utf8) else {
          targets.append(SuppressionDirective.Target(key: word.text, range: word.range))
          continue
        }
        let keyLength = word.text.utf8.distance(from: word.text.utf8.startIndex, to: dashes.lowerBound)
        if keyLength > 0 {
          targets.append(
            SuppressionDirective.Target(
              key: String(word.text.utf8.prefix(keyLength)) ?? "",
              range: SourceRange(start: word.range.start, end: word.range.start + keyLength)))
        }
        let reasonStart = word.range.start + keyLength + 2
        reason = file.source.text(SourceRange(start: reasonStart, end: end)).trimmingSpaces
        break
      }
      let last = targets.last?.range.end ?? keyword.range.end
      directives.append(
        SuppressionDirective(
          scope: scope, range: SourceRange(start: start, end: last), targets: targets, reason: reason,
          line: scope == .nextLine ? line + 1 : line))
    }
    return (directives, malformed)
  }

  /// The words between `start` and `end`, split at spaces, tabs and commas.
  private static func words(
    _ bytes: [UInt8], from start: Int, to end: Int
  ) -> [(text: String, range: SourceRange)] {
    var words: [(text: String, range: SourceRange)] = []
    var wordStart: Int?
    for offset in start...end {
      let separator =
        offset == end
        || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: "\r")]
          .contains(bytes[offset])
      if separator, let begin = wordStart {
        words.append(
          (String(decoding: bytes[begin..<offset], as: UTF8.self), SourceRange(start: begin, end: offset)))
        wordStart = nil
      } else if !separator, wordStart == nil {
        wordStart = offset
      }
    }
    return words
  }
}

extension String {
  /// The text without leading spaces and tabs nor trailing spaces, tabs and carriage returns.
  /// By indices: reversed views of a dropped prefix are a generic type whose metadata the
  /// runtime builds from its mangled name on first use, about a million instructions per run.
  fileprivate var trimmingSpaces: String {
    var start = startIndex
    while start < endIndex, self[start] == " " || self[start] == "\t" { start = index(after: start) }
    var end = endIndex
    while end > start {
      let last = index(before: end)
      guard self[last] == " " || self[last] == "\t" || self[last] == "\r" else { break }
      end = last
    }
    return String(self[start..<end])
  }
}
