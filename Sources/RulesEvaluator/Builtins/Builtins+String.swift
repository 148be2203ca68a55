import RulesRegex
import RulesSemantics

extension Builtins {
  /// `size lower upper trim toUtf8 matches split replace`. Sizes count UTF-16 code units;
  /// `lower` and `upper` change ASCII letters only, as production does;
  /// patterns are RE2 on the UTF-8 bytes, `matches` is whole-string, `replace` replaces every
  /// match with a Java replacement template (`$1`, `\$`).
  static func stringMethod(
    _ text: String, _ name: BuiltinMethodID, _ arguments: [Value], _ regexes: RegexCache
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
      return .bytes(Array(text.utf8))
    case .matches, .split:
      let expected = "string.\(name)(string)"
      if let error = arity(arguments, 1, expected) { return error }
      guard case .string(let source) = arguments[0] else {
        return mismatch("string.\(name)", arguments, expected)
      }
      let pattern: RegexPattern
      switch regexes.pattern(source) {
      case .success(let compiled): pattern = compiled
      case .failure(let error): return .error(error)
      }
      do {
        if name == .matches { return .bool(try pattern.matchesWhole(text)) }
        return .list(try pattern.split(text).map(Value.string))
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
      case .success(let pattern): return replaceAll(in: text, pattern, with: replacement)
      case .failure(let error): return .error(error)
      }
    default:
      return .error(.functionNotFound(name))
    }
  }

  /// Java's `Matcher.replaceAll`: a replacement is only parsed when there is a match.
  private static func replaceAll(
    in subject: String, _ pattern: RegexPattern, with replacement: String
  ) -> Value {
    let matches: [RegexMatch]
    do {
      matches = try pattern.allMatches(in: subject)
    } catch {
      return .error(.regexMatchLimit)
    }
    if matches.isEmpty { return .string(subject) }
    let template: [ReplacementPart]
    switch parseReplacement(replacement, groupCount: pattern.captureGroupCount) {
    case .success(let parts): template = parts
    case .failure(let error): return .error(error)
    }
    let bytes = Array(subject.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
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

  /// Java's replacement syntax: `$n` inserts group n (further digits are taken while the number
  /// stays a group), `\c` inserts `c`; `${name}`, a lone `$` and a trailing `\` are errors.
  private static func parseReplacement(
    _ replacement: String, groupCount: Int
  ) -> Result<[ReplacementPart], EvaluationError> {
    let bytes = Array(replacement.utf8)
    var parts: [ReplacementPart] = []
    var literal: [UInt8] = []
    var index = 0
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\\") {
        guard index < bytes.count else {
          return .failure(.invalidReplacement("character to be escaped is missing"))
        }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        literal += bytes[index..<end]
        index = end
      } else if byte == UInt8(ascii: "$") {
        guard index < bytes.count else {
          return .failure(.invalidReplacement("Illegal group reference: group index is missing"))
        }
        guard isDigit(bytes[index]) else {
          return .failure(.invalidReplacement("Illegal group reference"))
        }
        var number = Int(bytes[index] - UInt8(ascii: "0"))
        index += 1
        while index < bytes.count, isDigit(bytes[index]) {
          let next = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
          guard next <= groupCount else { break }
          number = next
          index += 1
        }
        guard number <= groupCount else { return .failure(.invalidReplacement("No group \(number)")) }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        literal = []
        parts.append(.group(number))
      } else {
        literal.append(byte)
      }
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
    return .success(parts)
  }
}
