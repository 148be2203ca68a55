/// The text `timestamp.value(string)` reads, as production's runtime reads it (recorded results;
/// the behaviour is that of protobuf's Java `Timestamps.parse` over a lenient `yyyy-MM-dd'T'HH:mm:ss`
/// date format in UTC):
///
/// - the zone is the first `Z` after the first `T`, else the first `+`, else the first `-`; a
///   `Z` must end the text, and `±H:M` is read as two whole numbers (`+24:00` is accepted);
/// - the fraction is whatever follows the first `.` before the zone: its first 9 characters
///   must be digits, later ones are ignored (`.1234567891` is 123456789 ns, `.` alone is 0);
/// - the date and time are read leniently: fields may have any number of digits (`2020-1-1`),
///   may be preceded by spaces or tabs, overflow into the next field (`02-30` is March 1st,
///   `T24:00:00` the next day, second 60 the next minute), and anything after the seconds is
///   ignored (`00:00:00,5Z` is 00:00:00);
/// - the result must lie in 0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999999999Z.
///
/// Digits are ASCII only (Java's date format also reads other scripts' digits).
enum TimestampText {
  /// The timestamp `text` denotes, or nil where production reports `Timestamp is not valid.`
  static func parse(_ text: String) -> Timestamp? {
    let bytes = Array(text.utf8)
    guard let dayOffset = bytes.firstIndex(of: UInt8(ascii: "T")) else { return nil }
    let after = bytes[dayOffset...]
    guard
      let zone = after.firstIndex(of: UInt8(ascii: "Z")) ?? after.firstIndex(of: UInt8(ascii: "+"))
        ?? after.firstIndex(of: UInt8(ascii: "-"))
    else { return nil }
    let timeText = bytes[..<zone]
    var secondText = timeText
    var nanos: Int64 = 0
    if let point = timeText.firstIndex(of: UInt8(ascii: ".")) {
      secondText = timeText[..<point]
      guard let fraction = fractionNanos(timeText[(point + 1)...]) else { return nil }
      nanos = fraction
    }
    guard var seconds = lenientSeconds(secondText) else { return nil }
    if bytes[zone] == UInt8(ascii: "Z") {
      guard zone + 1 == bytes.count else { return nil }
    } else {
      guard let offset = offsetSeconds(bytes[(zone + 1)...]) else { return nil }
      let (moved, overflow) =
        bytes[zone] == UInt8(ascii: "+")
        ? seconds.subtractingReportingOverflow(offset) : seconds.addingReportingOverflow(offset)
      guard !overflow else { return nil }
      seconds = moved
    }
    guard seconds >= Timestamp.minimumSeconds, seconds <= Timestamp.maximumSeconds else { return nil }
    return Timestamp(seconds: seconds, nanos: Int32(nanos))
  }

  /// The first 9 characters as nanoseconds (missing ones count as 0); nil when one is no digit.
  private static func fractionNanos(_ text: ArraySlice<UInt8>) -> Int64? {
    var result: Int64 = 0
    var index = text.startIndex
    for _ in 0..<9 {
      result *= 10
      if index < text.endIndex {
        let byte = text[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        result += Int64(byte - UInt8(ascii: "0"))
        index += 1
      }
    }
    return result
  }

  /// `H:M` after the zone's sign as seconds; each part a whole number as `Long.parseLong` reads it.
  private static func offsetSeconds(_ text: ArraySlice<UInt8>) -> Int64? {
    guard let colon = text.firstIndex(of: UInt8(ascii: ":")),
      let hours = Builtins.parseLong(String(decoding: text[..<colon], as: UTF8.self)),
      let minutes = Builtins.parseLong(String(decoding: text[(colon + 1)...], as: UTF8.self))
    else { return nil }
    let (hourMinutes, o1) = hours.multipliedReportingOverflow(by: 60)
    let (total, o2) = hourMinutes.addingReportingOverflow(minutes)
    let (seconds, o3) = total.multipliedReportingOverflow(by: 60)
    return o1 || o2 || o3 ? nil : seconds
  }

  /// `yyyy-MM-dd'T'HH:mm:ss` read leniently from the start of `text`, as seconds since the
  /// epoch; what follows the seconds is ignored.
  private static func lenientSeconds(_ text: ArraySlice<UInt8>) -> Int64? {
    var index = text.startIndex
    var fields: [Int64] = []
    let separators: [UInt8] = [
      UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"), UInt8(ascii: ":"), UInt8(ascii: ":"),
    ]
    for field in 0..<6 {
      if field > 0 {
        guard index < text.endIndex, text[index] == separators[field - 1] else { return nil }
        index += 1
      }
      guard let value = number(text, &index) else { return nil }
      fields.append(value)
    }
    // Lenient calendar arithmetic: months beyond 12 roll into the next years, days beyond the
    // month into the next months, and so on.
    let (yearCarry, monthIndex) = TimeArithmetic.floorDivision(fields[1] - 1, 12)
    let days =
      TimeArithmetic.days(year: fields[0] + yearCarry, month: monthIndex + 1, day: 1) + fields[2] - 1
    return days * TimeArithmetic.secondsPerDay + fields[3] * 3600 + fields[4] * 60 + fields[5]
  }

  /// Fields are at most this large in magnitude, which keeps the arithmetic far from overflow
  /// (any larger field puts the date outside years 1...9999 anyway).
  private static let fieldLimit: Int64 = 10_000_000_000

  /// A numeric field: spaces and tabs skipped, an optional `-`, then one or more ASCII digits.
  private static func number(_ text: ArraySlice<UInt8>, _ index: inout Int) -> Int64? {
    while index < text.endIndex, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") {
      index += 1
    }
    let negative = index < text.endIndex && text[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let start = index
    var value: Int64 = 0
    while index < text.endIndex, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
      value = value * 10 + Int64(text[index] - UInt8(ascii: "0"))
      guard value <= fieldLimit else { return nil }
      index += 1
    }
    guard index > start else { return nil }
    return negative ? -value : value
  }
}
