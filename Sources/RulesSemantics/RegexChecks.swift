import RulesRegex
import RulesSyntax

extension Analysis {
  /// Compiles the literal pattern given to `matches`, `replace` or `split`, reporting what PCRE2
  /// rejects and what RE2 lacks (decisions.md §16). Firebase's compiler refuses such a literal
  /// in `matches` and `split`; one in `replace` deploys and fails at evaluation.
  mutating func checkRegexArgument(_ method: String, _ arguments: [Expression]) {
    guard method == "matches" || method == "replace" || method == "split", let first = arguments.first,
      case .string(let pattern) = first.kind
    else { return }
    let key = PatternKey(text: pattern)
    let failure: RegexError?
    if let known = regexFailures[key] {
      failure = known
    } else {
      do {
        _ = try RegexPattern(pattern)
        failure = nil
      } catch {
        failure = error
      }
      regexFailures[key] = failure
    }
    if let error = failure {
      switch error {
      case .unsupported(let construct, let offset):
        report(
          method == "replace"
            ? SemanticDiagnostics.invalidReplacePattern : SemanticDiagnostics.unsupportedRegex,
          "\(construct) is not supported: rules use RE2 regular expressions"
            + (method == "replace" ? "; replace() fails at evaluation" : ""),
          at: patternRange(first, pattern: pattern, offset: offset))
      case .invalidPattern(let message, let offset):
        report(
          method == "replace" ? SemanticDiagnostics.invalidReplacePattern : SemanticDiagnostics.invalidRegex,
          "invalid regular expression for \(method)(): \(message)"
            + (method == "replace" ? "; it fails at evaluation" : ""),
          at: patternRange(first, pattern: pattern, offset: offset))
      case .matchLimitExceeded, .matchFailed:
        break
      }
    }
  }

  /// The source range of byte `offset` of a pattern literal: exact when the literal has no
  /// escapes, else the whole literal.
  private func patternRange(_ literal: Expression, pattern: String, offset: Int) -> SourceRange {
    let written = text(literal.range)
    guard let quote = written.utf8.first, quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\""),
      written.utf8.count == pattern.utf8.count + 2,
      written.utf8.dropFirst().dropLast().elementsEqual(pattern.utf8)
    else { return literal.range }
    let start = literal.range.start + 1 + min(offset, pattern.utf8.count)
    return SourceRange(start: start, end: min(start + 1, literal.range.end - 1))
  }
}

/// A regex literal as a dictionary key, compared and hashed as UTF-8 bytes: String equality
/// would merge canonically equivalent patterns, whose error offsets differ.
struct PatternKey: Hashable, Sendable {
  let text: String

  /// Byte for byte: `==` on strings compares canonical equivalents equal.
  static func == (lhs: PatternKey, rhs: PatternKey) -> Bool { lhs.text.hasSameUTF8(as: rhs.text) }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
