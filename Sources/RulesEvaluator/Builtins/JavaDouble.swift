/// Doubles as Java writes and reads them, which production's `string(float)` and
/// `float(string)` follow.
enum JavaDouble {
  /// `Double.toString`: the shortest digits that round-trip, at least one after the point;
  /// plain in [1e-3, 1e7), else `d.dddE±n`; `NaN`, `Infinity`, `-0.0`. A subnormal whose
  /// shortest form has one digit gets the nearest two-digit form (`4.9E-324`), as Java does.
  static func format(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
    var (digits, exponent) = shortestDigits(abs(value))
    if digits.count == 1 && abs(value) < Double.leastNormalMagnitude {
      (digits, exponent) = twoDigits(abs(value), exponent: exponent)
    }
    let sign = value < 0 ? "-" : ""
    let magnitude = abs(value)
    if magnitude >= 1e-3 && magnitude < 1e7 {
      // `exponent` is the power of ten of the first digit.
      if exponent >= 0 {
        let integerCount = exponent + 1
        let padded = digits + String(repeating: "0", count: max(0, integerCount - digits.count))
        let integerPart = padded.prefix(integerCount)
        let fraction = padded.dropFirst(integerCount)
        return sign + integerPart + "." + (fraction.isEmpty ? "0" : fraction)
      }
      return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
    }
    let fraction = digits.dropFirst()
    return sign + digits.prefix(1) + "." + (fraction.isEmpty ? "0" : fraction) + "E" + String(exponent)
  }

  /// `Double.parseDouble`: surrounding characters ≤ U+0020 are ignored; accepts a sign, `NaN`,
  /// `Infinity`, decimal digits with an optional point and exponent, hexadecimal with a binary
  /// exponent, and an `f`/`F`/`d`/`D` suffix. Nil for anything else.
  static func parse(_ text: String) -> Double? {
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
    while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
    var body = String(scalars)
    var sign = ""
    if let first = body.first, first == "+" || first == "-" {
      sign = first == "-" ? "-" : ""
      body.removeFirst()
    }
    if body == "NaN" { return .nan }
    if body == "Infinity" { return sign == "-" ? -.infinity : .infinity }
    if let last = body.last, "fFdD".contains(last) { body.removeLast() }
    guard isDecimal(body) || isHexadecimal(body) else { return nil }
    return Double(sign + body)
  }

  /// Digits without leading or trailing zeros, and the power of ten of the first one.
  private static func shortestDigits(_ magnitude: Double) -> (String, Int) {
    let text = magnitude.description
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<e]
      exponent = Int(text[text.index(after: e)...]) ?? 0
    }
    let point = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
    let integerPart = mantissa[..<point]
    let fractionPart = point < mantissa.endIndex ? mantissa[mantissa.index(after: point)...] : ""
    var digits = Array(integerPart + fractionPart)
    var firstPower = integerPart.count - 1 + exponent
    while digits.first == "0" {
      digits.removeFirst()
      firstPower -= 1
    }
    while digits.last == "0" { digits.removeLast() }
    return (String(digits), firstPower)
  }

  /// The two-digit decimal nearest to a subnormal `magnitude` whose shortest form's digit has
  /// power `exponent` (the value itself may lie just below that power).
  private static func twoDigits(_ magnitude: Double, exponent: Int) -> (String, Int) {
    // Scaled into the normal range, where the powers of ten below are representable.
    let scaled = magnitude * 1e300
    guard let power = Double("1e\(exponent + 300)"), let unit = Double("1e\(exponent + 299)"),
      let lowerUnit = Double("1e\(exponent + 298)")
    else { return ("1", exponent) }
    let (first, step) = scaled < power ? (exponent - 1, lowerUnit) : (exponent, unit)
    let mantissa = Int((scaled / step).rounded())
    return mantissa >= 100 ? ("1", first + 1) : (String(mantissa), first)
  }

  private static func isDigit(_ character: Character) -> Bool { character >= "0" && character <= "9" }

  private static func isDecimal(_ body: String) -> Bool {
    var characters = Substring(body)
    let integerDigits = characters.prefix(while: isDigit).count
    characters = characters.dropFirst(integerDigits)
    var fractionDigits = 0
    if characters.first == "." {
      characters = characters.dropFirst()
      fractionDigits = characters.prefix(while: isDigit).count
      characters = characters.dropFirst(fractionDigits)
    }
    guard integerDigits + fractionDigits > 0 else { return false }
    return isExponent(characters, marks: "eE")
  }

  private static func isHexadecimal(_ body: String) -> Bool {
    var characters = Substring(body)
    guard characters.hasPrefix("0x") || characters.hasPrefix("0X") else { return false }
    characters = characters.dropFirst(2)
    let integerDigits = characters.prefix(while: \.isHexDigit).count
    characters = characters.dropFirst(integerDigits)
    var fractionDigits = 0
    if characters.first == "." {
      characters = characters.dropFirst()
      fractionDigits = characters.prefix(while: \.isHexDigit).count
      characters = characters.dropFirst(fractionDigits)
    }
    guard integerDigits + fractionDigits > 0, !characters.isEmpty else { return false }
    return isExponent(characters, marks: "pP")
  }

  /// Whether `rest` is empty (for `eE`) or an exponent with a mark, an optional sign and digits.
  private static func isExponent(_ rest: Substring, marks: String) -> Bool {
    guard let mark = rest.first else { return marks == "eE" }
    guard marks.contains(mark) else { return false }
    var digits = rest.dropFirst()
    if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
    return !digits.isEmpty && digits.allSatisfy(isDigit)
  }
}
