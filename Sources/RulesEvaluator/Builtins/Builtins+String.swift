import RulesRegex
import RulesSemantics

extension Builtins {
  /// `size lower upper trim toUtf8 matches split replace`. Sizes count UTF-16 code units;
  /// `lower` and `upper` change ASCII letters only, as production does;
  /// patterns are RE2 on the UTF-8 bytes, `matches` is whole-string, `replace` replaces every
  /// match with an RE2/J replacement template (`$1`, `${name}`, `\$`). Patterns spend steps
  /// from `budget`; `split` and `replace` find at most ``EvaluationLimits/maximumElements``
  /// matches, and a result longer than ``EvaluationLimits`` allows is an error, found before
  /// it is built.
  static func stringMethod(
    _ text: String, _ name: BuiltinMethodID, _ arguments: [Value], _ regexes: RegexCache,
    _ budget: inout RegexBudget
  ) -> Value {
    switch name {
    case .size:
      if let error = noArguments(arguments, "string.size()") { return error }
      return .int(Int64(text.utf16.count))
    case .lower:
      if let error = noArguments(arguments, "string.lower()") { return error }
      return .string(JavaString.lower(text))
    case .upper:
      if let error = noArguments(arguments, "string.upper()") { return error }
      return .string(JavaString.upper(text))
    case .trim:
      if let error = noArguments(arguments, "string.trim()") { return error }
      return .string(JavaString.trim(text))
    case .toUtf8:
      if let error = noArguments(arguments, "string.toUtf8()") { return error }
      let count = text.utf8.count
      guard count <= EvaluationLimits.maximumBytesLength else { return .error(.bytesTooLong(count: count)) }
      return .bytes(Array(text.utf8))
    case .matches, .split:
      // Built only on the error paths that report it.
      func expected() -> String { "string.\(name)(string)" }
      if let error = arity(arguments, 1, expected()) { return error }
      guard case .string(let source) = arguments[0] else {
        return mismatch("string.\(name)", arguments, expected())
      }
      let pattern: RegexPattern
      switch regexes.pattern(source) {
      case .success(let compiled): pattern = compiled
      case .failure(let error): return .error(error)
      }
      do {
        if name == .matches { return .bool(try pattern.matchesWhole(text, budget: &budget)) }
        // More matches than this would make more pieces than a list may hold.
        let limit = EvaluationLimits.maximumElements
        let matches = try pattern.allMatches(in: text, limit: limit, budget: &budget)
        guard matches.count < limit else { return .error(.tooManyPieces) }
        return .list(RegexPattern.pieces(of: text, between: matches).map(Value.string))
      } catch {
        return .error(.regexMatchLimit)
      }
    case .replace:
      let expected = "string.replace(string, string)"
      if let error = arity(arguments, 2, expected) { return error }
      guard case .string(let source) = arguments[0], case .string(let replacement) = arguments[1] else {
        return mismatch("string.replace", arguments, expected)
      }
      switch regexes.pattern(source) {
      case .success(let pattern): return replaceAll(in: text, pattern, with: replacement, &budget)
      case .failure(let error): return .error(error)
      }
    default:
      return .error(.functionNotFound(name))
    }
  }

  /// `replaceAll` as production's runtime (RE2/J's `Matcher`) does it: the replacement is
  /// only read when there is a match, and a reference to a group the pattern lacks is an error.
  /// The result's length is worked out, and checked, before it is built; filling in the
  /// template spends a step per part and match from `budget`.
  private static func replaceAll(
    in subject: String, _ pattern: RegexPattern, with replacement: String, _ budget: inout RegexBudget
  ) -> Value {
    let matches: [RegexMatch]
    do {
      matches = try pattern.allMatches(
        in: subject, limit: EvaluationLimits.maximumElements + 1, budget: &budget)
    } catch {
      return .error(.regexMatchLimit)
    }
    if matches.isEmpty { return .string(subject) }
    guard matches.count <= EvaluationLimits.maximumElements else { return .error(.tooManyMatches("replace")) }
    let template: [ReplacementPart]
    switch parseReplacement(replacement, pattern) {
    case .success(let parts): template = parts
    case .failure(let error): return .error(error)
    }
    let (parts, overflow) = matches.count.multipliedReportingOverflow(by: template.count)
    guard !overflow, budget.spend(parts) else { return .error(.regexMatchLimit) }
    let bytes = Array(subject.utf8)
    var length = bytes.count
    for match in matches {
      length -= match.range.count
      for part in template {
        switch part {
        case .literal(let literal): length += literal.count
        case .group(let number): length += match.group(number)?.count ?? 0
        }
      }
    }
    guard length <= EvaluationLimits.maximumStringBytes else { return .error(.stringTooLong(bytes: length)) }
    var output: [UInt8] = []
    output.reserveCapacity(length)
    var copied = 0
    for match in matches {
      output += bytes[copied..<match.range.lowerBound]
      for part in template {
        switch part {
        case .literal(let literal): output += literal
        case .group(let number):
          if let range = match.group(number) { output += bytes[range] }
        }
      }
      copied = match.range.upperBound
    }
    output += bytes[copied...]
    return .string(String(decoding: output, as: UTF8.self))
  }

  private enum ReplacementPart {
    case literal([UInt8])
    case group(Int)
  }

  /// RE2/J's replacement syntax, which production has: `\c` inserts `c`; `$n` inserts group n
  /// (further digits are taken while the number stays a group); `${name}` inserts a named
  /// group. Anything else is literal, including a `$` not followed by a digit or `{` (`$`,
  /// `$$`, `$x`) and a final `\` or `$`. A group the pattern lacks, and a `${` without `}`,
  /// are errors (production fails the request with an internal error).
  private static func parseReplacement(
    _ replacement: String, _ pattern: RegexPattern
  ) -> Result<[ReplacementPart], EvaluationError> {
    let bytes = Array(replacement.utf8)
    let groupCount = pattern.captureGroupCount
    var parts: [ReplacementPart] = []
    var last = 0
    func flush(upTo end: Int) {
      if last < end { parts.append(.literal(Array(bytes[last..<end]))) }
    }
    func digit(_ index: Int) -> Int? {
      guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
        return nil
      }
      return Int(bytes[index] - UInt8(ascii: "0"))
    }
    var index = 0
    // The last character is never special.
    while index < bytes.count - 1 {
      if bytes[index] == UInt8(ascii: "\\") {
        flush(upTo: index)
        last = index + 1
        index += 2
        continue
      }
      guard bytes[index] == UInt8(ascii: "$") else {
        index += 1
        continue
      }
      if var number = digit(index + 1) {
        flush(upTo: index)
        index += 2
        while let next = digit(index), number * 10 + next <= groupCount {
          number = number * 10 + next
          index += 1
        }
        guard number <= groupCount else {
          return .failure(.invalidReplacement("No group \(number)"))
        }
        parts.append(.group(number))
        last = index
      } else if bytes[index + 1] == UInt8(ascii: "{") {
        flush(upTo: index)
        var end = index + 2
        while end < bytes.count, bytes[end] != UInt8(ascii: "}"), bytes[end] != UInt8(ascii: " ") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else {
          return .failure(.invalidReplacement("named capture group is missing trailing '}'"))
        }
        let name = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        guard let number = pattern.captureGroupNumber(named: name) else {
          return .failure(.invalidReplacement("No group with name {\(name)}"))
        }
        parts.append(.group(number))
        last = end + 1
        index = end + 1
      } else {
        index += 1
      }
    }
    flush(upTo: bytes.count)
    return .success(parts)
  }
}
