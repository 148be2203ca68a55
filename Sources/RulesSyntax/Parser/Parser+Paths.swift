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
        let what = bytes.at(position) == UInt8(ascii: "/") ? "empty path segment ('//')" : "empty path segment"
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

  /// `{name}` or `{name=**}` starting at the `/` at `segmentStart`; `position` is at `{`.
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
    if bytes.at(position) == UInt8(ascii: "=") {
      position += 1
      skipSpaces()
      if bytes.at(position) == UInt8(ascii: "*"), bytes.at(position + 1) == UInt8(ascii: "*") {
        position += 2
        recursive = true
      } else {
        pathError("expected '**' after '=' in a recursive wildcard", position)
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
    return PathSegment(recursive ? .recursiveWildcard(name) : .wildcard(name), range: range, nameRange: nameRange)
  }

  private mutating func pathError(_ message: String, _ offset: Int) {
    warnAndContinue(
      SyntaxDiagnostics.invalidMatchPath, message, at: SourceRange(start: offset, end: offset + 1))
  }

  /// A path literal in an expression, starting at the current `/` token.
  mutating func parsePathLiteral() -> Expression {
    let bytes = source.bytes
    let start = current.range.start
    var position = start
    var segments: [PathLiteralSegment] = []
    while bytes.at(position) == UInt8(ascii: "/") && !panicking {
      let segmentStart = position
      position += 1
      if bytes.at(position) == UInt8(ascii: "$"), bytes.at(position + 1) == UInt8(ascii: "(") {
        lexer.position = position + 2
        advance()
        let inner = parseExpression()
        guard current.kind == .rightParen else {
          expect(.rightParen, "')' to close '$('")
          return Expression(.path(PathLiteral(segments: segments)), range: SourceRange(start: start, end: previousEnd))
        }
        position = current.range.end
        segments.append(
          PathLiteralSegment(kind: .interpolation(inner), range: SourceRange(start: segmentStart, end: position)))
        continue
      }
      if bytes.at(position) == UInt8(ascii: "{") {
        let nameStart = position + 1
        var end = nameStart
        while let byte = bytes.at(end), byte.isIdentifierContinue { end += 1 }
        if bytes.at(end) == UInt8(ascii: "}"), end > nameStart {
          position = end + 1
          let name = source.text(SourceRange(start: nameStart, end: end))
          segments.append(
            PathLiteralSegment(kind: .binding(name), range: SourceRange(start: segmentStart, end: position)))
          continue
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
        break
      }
      let text = source.text(SourceRange(start: textStart, end: position))
      segments.append(PathLiteralSegment(kind: .text(text), range: SourceRange(start: segmentStart, end: position)))
    }
    lexer.position = position
    advance()
    return Expression(.path(PathLiteral(segments: segments)), range: SourceRange(start: start, end: position))
  }
}

extension Array where Element == UInt8 {
  /// The byte at `index`, or nil past either end.
  func at(_ index: Int) -> UInt8? { index >= 0 && index < count ? self[index] : nil }
}
