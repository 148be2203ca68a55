/// RFC 3339 timestamps for request times and metadata (`2026-01-02T03:04:05.678Z`).
public enum RFC3339 {
  /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil when malformed or out of range.
  public static func parse(_ text: String) -> Timestamp? {
    let b = Array(text.utf8)
    func number(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= b.count else { return nil }
      var value = 0
      for byte in b[start..<(start + count)] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard b.count >= 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
      b[10] | 0x20 == UInt8(ascii: "t") || b[10] == UInt8(ascii: " "), b[13] == UInt8(ascii: ":"),
      b[16] == UInt8(ascii: ":"), let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      TimeArithmetic.isValidDate(year: Int64(year), month: Int64(month), day: Int64(day)), hour < 24,
      minute < 60, second < 60
    else { return nil }
    var index = 19
    var nanos = 0
    if index < b.count, b[index] == UInt8(ascii: ".") {
      index += 1
      var digits = 0
      while index < b.count, b[index] >= 0x30, b[index] <= 0x39 {
        if digits < 9 { nanos = nanos * 10 + Int(b[index] - 0x30) }
        digits += 1
        index += 1
      }
      guard digits > 0 else { return nil }
      if digits < 9 { for _ in digits..<9 { nanos *= 10 } }
    }
    guard index < b.count else { return nil }
    var offset = 0
    if b[index] | 0x20 == UInt8(ascii: "z") {
      index += 1
    } else if b[index] == UInt8(ascii: "+") || b[index] == UInt8(ascii: "-") {
      guard let hours = number(index + 1, 2), index + 3 < b.count, b[index + 3] == UInt8(ascii: ":"),
        let minutes = number(index + 4, 2), hours < 24, minutes < 60
      else { return nil }
      offset = (hours * 60 + minutes) * 60 * (b[index] == UInt8(ascii: "-") ? -1 : 1)
      index += 6
    } else {
      return nil
    }
    guard index == b.count else { return nil }
    let days = TimeArithmetic.days(year: Int64(year), month: Int64(month), day: Int64(day))
    let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
    guard seconds >= Timestamp.minimumSeconds, seconds <= Timestamp.maximumSeconds else { return nil }
    return Timestamp(seconds: seconds, nanos: Int32(nanos))
  }

  /// `2026-01-02T03:04:05.678Z`: UTC, fraction trimmed to milliseconds, micro- or nanoseconds
  /// as needed, none when whole.
  public static func format(_ timestamp: Timestamp) -> String {
    let (days, remainder) = TimeArithmetic.floorDivision(timestamp.seconds, 86_400)
    let secondOfDay = Int(remainder)
    let (civilYear, civilMonth, civilDay) = TimeArithmetic.civil(days: days)
    let (year, month, day) = (Int(civilYear), Int(civilMonth), Int(civilDay))
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
    text += "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
    if timestamp.nanos != 0 {
      var fraction = pad(Int(timestamp.nanos), 9)
      while fraction.count > 3, fraction.hasSuffix("000") { fraction.removeLast(3) }
      text += "." + fraction
    }
    return text + "Z"
  }
}
