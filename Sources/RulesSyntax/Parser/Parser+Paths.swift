extension UInt8 {
  /// Characters of a literal match-path segment: RFC 3986 path characters except `$`, plus
  /// any non-ASCII byte (object names are UTF-8).
  var isMatchSegmentCharacter: Bool {
    if isIdentifierContinue || self >= 0x80 { return true }
    switch self {
    case UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "%"), UInt8(ascii: "!"),
      UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
      UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
      UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "-"):
      return true
    default: return false
    }
  }

  /// Characters of a raw path-literal segment; parentheses are handled apart (balanced).
  var isPathLiteralCharacter: Bool {
    if isIdentifierContinue || self >= 0x80 { return true }
    switch self {
    case UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "%"), UInt8(ascii: "@"),
      UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "'"):
      return true
    default: return false
    }
  }

  var isHorizontalSpace: Bool { self == 0x20 || self == 0x09 }
}

extension Parser {
  /// Reads the path after `match`, starting at the current token, byte by byte.
  mutating func parseMatchPath() -> PathPattern {
    let bytes = source.bytes
    let start = current.range.start
    var position = start
    var segments: [PathSegment] = []
    if bytes.at(position) != UInt8(ascii: "/") {
      errorAtCurrent(
        SyntaxMessage.expected("a path starting with '/' after 'match'", found: describe(current)),
        id: SyntaxDiagnostics.invalidMatchPath)
      return PathPattern(segments: [], range: .empty(at: start))
    }
    while bytes.at(position) == UInt8(ascii: "/") {
      let segmentStart = position
      position += 1
      if let mixed = scanMixedSegment(from: segmentStart, &position) {
        segments.append(mixed)
        continue
      }
      if bytes.at(position) == UInt8(ascii: "{") {
        segments.append(scanWildcard(from: segmentStart, &position))
        continue
      }
      let textStart = position
      while let byte = bytes.at(position), byte.isMatchSegmentCharacter { position += 1 }
      if bytes.at(position) == UInt8(ascii: "$") {
        pathError("Unexpected '$'. Match paths cannot interpolate; use a wildcard such as {name}", position)
        while let byte = bytes.at(position), byte != UInt8(ascii: "/"), byte != UInt8(ascii: "{"),
          !byte.isHorizontalSpace, byte != 0x0A, byte != 0x0D
        {
          position += 1
        }
      }
      let range = SourceRange(start: segmentStart, end: position)
      if textStart == position {
        let what =
          bytes.at(position) == UInt8(ascii: "/") ? "empty path segment ('//')" : "empty path segment"
        pathError(what, segmentStart)
        continue
      }
      let text = source.text(SourceRange(start: textStart, end: position))
      segments.append(PathSegment(.literal(text), range: range))
    }
    lexer.position = position
    advance()
    return PathPattern(segments: segments, range: SourceRange(start: start, end: position))
  }

  /// The length of `{name}`, `{name=*}` or `{name=**}` written without spaces at `offset`, if one
  /// is there.
  /// A `{` that does not start one opens the match block.
  private func wildcardLength(at offset: Int) -> Int? {
    let bytes = source.bytes
    guard bytes.at(offset) == UInt8(ascii: "{"), bytes.at(offset + 1)?.isIdentifierStart == true else {
      return nil
    }
    var end = offset + 1
    while bytes.at(end)?.isIdentifierContinue == true { end += 1 }
    if bytes.at(end) == UInt8(ascii: "="), bytes.at(end + 1) == UInt8(ascii: "*") {
      end += bytes.at(end + 2) == UInt8(ascii: "*") ? 3 : 2
    }
    return bytes.at(end) == UInt8(ascii: "}") ? end + 1 - offset : nil
  }

  /// A segment mixing text and wildcards (`avatar.{ext}`, `{uid}_{time}`), which Firebase does
  /// not support: reported, and read whole as a literal so the block still parses.
  private mutating func scanMixedSegment(from segmentStart: Int, _ position: inout Int) -> PathSegment? {
    let bytes = source.bytes
    var end = position
    var pieces = 0
    var hasWildcard = false
    while true {
      if let length = wildcardLength(at: end) {
        end += length
        hasWildcard = true
      } else if let byte = bytes.at(end), byte.isMatchSegmentCharacter {
        while let byte = bytes.at(end), byte.isMatchSegmentCharacter { end += 1 }
      } else {
        break
      }
      pieces += 1
    }
    guard hasWildcard, pieces > 1 else { return nil }
    let range = SourceRange(start: segmentStart, end: end)
    warnAndContinue(
      SyntaxDiagnostics.invalidMatchPath,
      "a wildcard must be a whole path segment: '\(source.text(range))' mixes text and wildcards; "
        + "match '/{name}' and test name.matches(...) in the condition", at: range)
    position = end
    return PathSegment(.literal(source.text(SourceRange(start: segmentStart + 1, end: end))), range: range)
  }

  /// `{name}`, `{name=*}` or `{name=**}` starting at the `/` at `segmentStart`; `position` is at
  /// `{`.
  private mutating func scanWildcard(from segmentStart: Int, _ position: inout Int) -> PathSegment {
    let bytes = source.bytes
    position += 1
    func skipSpaces() { while bytes.at(position)?.isHorizontalSpace == true { position += 1 } }
    skipSpaces()
    let nameStart = position
    while let byte = bytes.at(position), byte.isIdentifierContinue { position += 1 }
    let nameRange = SourceRange(start: nameStart, end: position)
    let name = source.text(nameRange)
    if name.isEmpty || bytes[nameStart].isDigit {
      pathError("expected a wildcard name inside '{ }'", nameStart)
    }
    skipSpaces()
    var recursive = false
    var star = false
    if bytes.at(position) == UInt8(ascii: "=") {
      position += 1
      skipSpaces()
      if bytes.at(position) == UInt8(ascii: "*"), bytes.at(position + 1) == UInt8(ascii: "*") {
        position += 2
        recursive = true
      } else if bytes.at(position) == UInt8(ascii: "*") {
        position += 1
        star = true
      } else {
        pathError("expected '*' or '**' after '=' in a wildcard", position)
      }
      skipSpaces()
    }
    if bytes.at(position) == UInt8(ascii: "}") {
      position += 1
    } else {
      pathError("expected '}' to close the wildcard", position)
      while let byte = bytes.at(position), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "/"),
        byte != UInt8(ascii: "{"), byte != 0x0A, !byte.isHorizontalSpace
      {
        position += 1
      }
      if bytes.at(position) == UInt8(ascii: "}") { position += 1 }
    }
    let range = SourceRange(start: segmentStart, end: position)
    return PathSegment(
      recursive ? .recursiveWildcard(name) : .wildcard(name), range: range, nameRange: nameRange,
      isWrittenWithStar: star)
  }

  private mutating func pathError(_ message: String, _ offset: Int) {
    warnAndContinue(
      SyntaxDiagnostics.invalidMatchPath, message, at: SourceRange(start: offset, end: offset + 1))
  }

  /// A path literal in an expression, starting at the current `/` token.
  mutating func parsePathLiteral() -> Expression {
    // Interpolations nest expressions, so this frame stays small (see parseExpression).
    let start = current.range.start
    var end = start
    var segments: [PathLiteralSegment] = []
    var rereadAfterEnd = true
    while source.bytes.at(end) == UInt8(ascii: "/") && !panicking {
      let isInterpolation =
        source.bytes.at(end + 1) == UInt8(ascii: "$") && source.bytes.at(end + 2) == UInt8(ascii: "(")
      let segment = isInterpolation ? parsePathInterpolation(from: end) : scanPathLiteralText(from: end)
      guard let segment else {
        // An unclosed `$(` has been reported and left the parser recovering after its tokens.
        if panicking { rereadAfterEnd = false } else { end += 1 }
        break
      }
      segments.append(segment)
      end = segment.range.end
    }
    if rereadAfterEnd {
      lexer.position = end
      advance()
    } else {
      end = previousEnd
    }
    return Expression(.path(PathLiteral(segments: segments)), range: SourceRange(start: start, end: end))
  }

  /// `/$(expression)` at `segmentStart`; nil when its `)` is missing (reported).
  private mutating func parsePathInterpolation(from segmentStart: Int) -> PathLiteralSegment? {
    lexer.position = segmentStart + 3
    advance()
    // Two levels of the tree (the segment, then its expression), and two of the stack's budget.
    depth += 1
    defer { depth -= 1 }
    let inner = parseExpression()
    guard current.kind == .rightParen else {
      expect(.rightParen, "')' to close '$('")
      return nil
    }
    return PathLiteralSegment(
      kind: .interpolation(inner), range: SourceRange(start: segmentStart, end: current.range.end))
  }

  /// `/{name}` or `/raw-text` at `segmentStart`; nil for an empty segment (reported).
  private mutating func scanPathLiteralText(from segmentStart: Int) -> PathLiteralSegment? {
    let bytes = source.bytes
    var position = segmentStart + 1
    if bytes.at(position) == UInt8(ascii: "{") {
      let nameStart = position + 1
      var end = nameStart
      while let byte = bytes.at(end), byte.isIdentifierContinue { end += 1 }
      if bytes.at(end) == UInt8(ascii: "}"), end > nameStart {
        let name = source.text(SourceRange(start: nameStart, end: end))
        return PathLiteralSegment(kind: .binding(name), range: SourceRange(start: segmentStart, end: end + 1))
      }
    }
    let textStart = position
    var open = 0
    while let byte = bytes.at(position) {
      if byte == UInt8(ascii: "(") {
        open += 1
      } else if byte == UInt8(ascii: ")") {
        if open == 0 { break }
        open -= 1
      } else if !byte.isPathLiteralCharacter {
        break
      }
      position += 1
    }
    if textStart == position {
      warnAndContinue(
        SyntaxDiagnostics.unexpectedToken, "empty segment in path literal",
        at: SourceRange(start: segmentStart, end: position))
      return nil
    }
    let text = source.text(SourceRange(start: textStart, end: position))
    return PathLiteralSegment(kind: .text(text), range: SourceRange(start: segmentStart, end: position))
  }
}

extension Array where Element == UInt8 {
  /// The byte at `index`, or nil past either end.
  func at(_ index: Int) -> UInt8? { index >= 0 && index < count ? self[index] : nil }
}
