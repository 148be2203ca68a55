extension Lexer {
  mutating func lexNumber(start: Int) -> Token {
    if peekByte() == UInt8(ascii: "0"), let x = peekByte(1), x == UInt8(ascii: "x") || x == UInt8(ascii: "X")
    {
      position += 2
      let digitsStart = position
      while let next = peekByte(), next.isHexDigit { position += 1 }
      let digits = String(decoding: bytes[digitsStart..<position], as: UTF8.self)
      let range = SourceRange(start: start, end: position)
      let value = UInt64(digits, radix: 16)
      if digits.isEmpty {
        report(SyntaxDiagnostics.invalidNumber, "hexadecimal literal has no digits", range)
      } else if value == nil || value! > UInt64(Int64.max) + 1 {
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        report(SyntaxDiagnostics.invalidNumber, "integer literal \(text) does not fit in 64 bits", range)
      } else {
        let text = String(decoding: bytes[start + 1..<position], as: UTF8.self)
        report(
          SyntaxDiagnostics.invalidNumber,
          "hexadecimal literals are not rules syntax; write the decimal \(value.map(String.init) ?? "") (Unexpected '\(text)'.)",
          range)
      }
      return Token(.integer, range, value: .integer(value))
    }
    var isFloat = false
    while let next = peekByte(), next.isDigit { position += 1 }
    if bytes[start] == UInt8(ascii: "0"), position - start > 1 {
      let text = String(decoding: bytes[start + 1..<position], as: UTF8.self)
      report(
        SyntaxDiagnostics.invalidNumber, "a number cannot start with 0 (Unexpected '\(text)'.)",
        SourceRange(start: start, end: position))
    }
    // A `.` after the digits belongs to the number, as in Firebase's lexer: `5.` is 5.0, and
    // `1.size()` does not compile.
    if peekByte() == UInt8(ascii: "."), bytes[start] != UInt8(ascii: ".") {
      isFloat = true
      position += 1
      while let next = peekByte(), next.isDigit { position += 1 }
    } else if peekByte() == UInt8(ascii: "."), peekByte(1)?.isDigit == true {
      isFloat = true
      position += 1
      while let next = peekByte(), next.isDigit { position += 1 }
    }
    if let e = peekByte(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      var look = 1
      if let sign = peekByte(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { look = 2 }
      if peekByte(look)?.isDigit == true {
        isFloat = true
        let exponentStart = position
        position += look
        while let next = peekByte(), next.isDigit { position += 1 }
        let text = String(decoding: bytes[exponentStart..<position], as: UTF8.self)
        report(
          SyntaxDiagnostics.invalidNumber,
          "exponents are not rules syntax; write the number out (Unexpected '\(text)'.)",
          SourceRange(start: start, end: position))
      }
    }
    let range = SourceRange(start: start, end: position)
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if isFloat {
      return Token(.float, range, value: .float(Double(text) ?? .nan))
    }
    let value = UInt64(text)
    if value == nil || value! > UInt64(Int64.max) + 1 {
      report(SyntaxDiagnostics.invalidNumber, "integer literal \(text) does not fit in 64 bits", range)
    }
    return Token(.integer, range, value: .integer(value))
  }

  /// `r'..'`, `b'..'`, `rb'..'` and `br'..'` (either case); nil when the identifier is not one.
  mutating func lexPrefixedString(start: Int) -> Token? {
    var raw = false
    var isBytes = false
    var index = position
    while index < bytes.count, index - position < 2 {
      let letter = bytes[index] | 0x20
      if letter == UInt8(ascii: "r"), !raw {
        raw = true
      } else if letter == UInt8(ascii: "b"), !isBytes {
        isBytes = true
      } else {
        break
      }
      index += 1
    }
    guard index > position, let quote = byte(at: index),
      quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"")
    else { return nil }
    if raw {
      report(
        SyntaxDiagnostics.unexpectedToken, "raw strings are not rules syntax; escape backslashes ('\\\\')",
        SourceRange(start: start, end: index))
    }
    position = index
    return lexString(start: start, rawMode: raw, isBytes: isBytes)
  }

  /// Reads a quoted literal whose opening quote is at `position`.
  mutating func lexString(start: Int, rawMode: Bool, isBytes: Bool) -> Token {
    let quote = bytes[position]
    let triple = peekByte(1) == quote && peekByte(2) == quote
    if triple {
      report(
        SyntaxDiagnostics.unexpectedToken, "triple-quoted strings are not rules syntax",
        SourceRange(start: position, end: position + 3))
    }
    position += triple ? 3 : 1
    if !triple, let end = plainStringEnd(quote: quote) {
      // No escape and no line break before the closing quote: the content is the bytes as written.
      let contentStart = position
      position = end + 1
      let range = SourceRange(start: start, end: position)
      if isBytes { return Token(.bytes, range, value: .bytes(Array(bytes[contentStart..<end]))) }
      return Token(.string, range, value: .string(String(decoding: bytes[contentStart..<end], as: UTF8.self)))
    }
    var content: [UInt8] = []
    while true {
      guard let byte = peekByte(), triple || (byte != 0x0A && byte != 0x0D) else {
        let range = SourceRange(start: start, end: position)
        report(SyntaxDiagnostics.unterminatedString, SyntaxMessage.unterminatedString, range)
        return literal(range, content, isBytes)
      }
      if byte == quote && (!triple || (peekByte(1) == quote && peekByte(2) == quote)) {
        position += triple ? 3 : 1
        return literal(SourceRange(start: start, end: position), content, isBytes)
      }
      if byte == UInt8(ascii: "\\") && !rawMode {
        lexEscape(into: &content, isBytes: isBytes)
      } else {
        content.append(byte)
        position += 1
      }
    }
  }

  /// The offset of the closing `quote` of a single-quoted literal whose content starts at
  /// `position`, when no backslash or line break comes first; nil otherwise.
  private func plainStringEnd(quote: UInt8) -> Int? {
    var index = position
    while index < bytes.count {
      switch bytes[index] {
      case quote: return index
      case UInt8(ascii: "\\"), 0x0A, 0x0D: return nil
      default: index += 1
      }
    }
    return nil
  }

  private func literal(_ range: SourceRange, _ content: [UInt8], _ isBytes: Bool) -> Token {
    if isBytes { return Token(.bytes, range, value: .bytes(content)) }
    return Token(.string, range, value: .string(String(decoding: content, as: UTF8.self)))
  }

  /// Reads one escape sequence: the set Firebase's compiler accepts (`\\ \' \" \b \f \n \r \t
  /// \xHH \uHHHH \ooo`). Any other is an error, as it is for Firebase; the parser keeps the
  /// backslash (`'\.'`) so the rest of the file still reads as meant.
  private mutating func lexEscape(into content: inout [UInt8], isBytes: Bool) {
    let start = position
    guard let letter = peekByte(1) else {
      content.append(UInt8(ascii: "\\"))
      position += 1
      return
    }
    position += 2
    switch letter {
    case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""):
      content.append(letter)
    case UInt8(ascii: "b"): content.append(0x08)
    case UInt8(ascii: "f"): content.append(0x0C)
    case UInt8(ascii: "n"): content.append(0x0A)
    case UInt8(ascii: "r"): content.append(0x0D)
    case UInt8(ascii: "t"): content.append(0x09)
    case UInt8(ascii: "x"):
      appendHexEscape(digits: 2, start: start, into: &content, isBytes: isBytes)
    case UInt8(ascii: "u"):
      appendHexEscape(digits: 4, start: start, into: &content, isBytes: false)
      if isBytes {
        report(
          SyntaxDiagnostics.invalidEscape,
          "bytes literals take \\xHH and octal escapes, not \\u (Invalid bytes literal)",
          SourceRange(start: start, end: position))
      }
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var value = UInt32(letter - 0x30)
      var count = 1
      while count < 3, let next = peekByte(), next >= 0x30 && next <= 0x37 {
        value = value * 8 + UInt32(next - 0x30)
        position += 1
        count += 1
      }
      if count != 3 || value > 0xFF {
        report(
          SyntaxDiagnostics.invalidEscape, "octal escape needs exactly three digits (0-377)",
          SourceRange(start: start, end: position))
      }
      appendScalar(value, into: &content, isBytes: isBytes)
    default:
      let range = SourceRange(start: start, end: position)
      report(
        SyntaxDiagnostics.invalidEscape,
        "unknown escape sequence '\\\(Character(Unicode.Scalar(letter)))'; write '\\\\' for a backslash",
        range)
      content.append(UInt8(ascii: "\\"))
      content.append(letter)
    }
  }

  private mutating func appendHexEscape(
    digits: Int, start: Int, into content: inout [UInt8], isBytes: Bool
  ) {
    var value: UInt32 = 0
    var count = 0
    while count < digits, let next = peekByte(), next.isHexDigit {
      value = value * 16 + next.hexValue
      position += 1
      count += 1
    }
    if count != digits {
      report(
        SyntaxDiagnostics.invalidEscape, "escape needs exactly \(digits) hexadecimal digits",
        SourceRange(start: start, end: position))
    } else if !isBytes && Unicode.Scalar(value) == nil {
      report(
        SyntaxDiagnostics.invalidEscape, "escape is not a Unicode scalar value",
        SourceRange(start: start, end: position))
    }
    appendScalar(value, into: &content, isBytes: isBytes)
  }

  private mutating func appendScalar(_ value: UInt32, into content: inout [UInt8], isBytes: Bool) {
    if isBytes {
      content.append(UInt8(truncatingIfNeeded: value))
    } else if let scalar = Unicode.Scalar(value) {
      content.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
  }
}

extension UInt8 {
  /// The value of a hexadecimal digit; 0 for other bytes.
  var hexValue: UInt32 {
    switch self {
    case 0x30...0x39: UInt32(self - 0x30)
    case 0x41...0x46: UInt32(self - 0x41 + 10)
    case 0x61...0x66: UInt32(self - 0x61 + 10)
    default: 0
    }
  }
}
