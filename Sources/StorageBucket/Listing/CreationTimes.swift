import RulesEvaluator

/// Reads the `YYYY-MM-DDTHH:MM:SSZ` creation times of long-listing rows, converting each
/// distinct day once: a listing of a million rows spans few days.
struct CreationTimes {
  /// Seconds since the epoch at the start of each day seen, by `YYYYMMDD`.
  private var days: [Int: Int64] = [:]

  /// The time written in the 20 bytes at `start` of `bytes`; nil unless it is exactly
  /// `YYYY-MM-DDTHH:MM:SSZ` with a real date and time.
  mutating func timestamp(_ bytes: [UInt8], _ start: Int) -> Timestamp? {
    guard start + 20 <= bytes.count, bytes[start + 4] == UInt8(ascii: "-"),
      bytes[start + 7] == UInt8(ascii: "-"),
      bytes[start + 10] == UInt8(ascii: "T"), bytes[start + 13] == UInt8(ascii: ":"),
      bytes[start + 16] == UInt8(ascii: ":"), bytes[start + 19] == UInt8(ascii: "Z"),
      let century = number(bytes, start), let year = number(bytes, start + 2),
      let month = number(bytes, start + 5),
      let date = number(bytes, start + 8), let hour = number(bytes, start + 11),
      let minute = number(bytes, start + 14), let second = number(bytes, start + 17), hour < 24, minute < 60,
      second < 60
    else { return nil }
    let key = ((century * 100 + year) * 100 + month) * 100 + date
    let day: Int64
    if let known = days[key] {
      day = known
    } else {
      let text = String(decoding: bytes[start..<(start + 10)], as: UTF8.self) + "T00:00:00Z"
      guard let midnight = RFC3339.parse(text) else { return nil }
      day = midnight.seconds
      days[key] = day
    }
    return Timestamp(seconds: day + Int64(hour * 3600 + minute * 60 + second), nanos: 0)
  }

  /// The two decimal digits at `start`.
  private func number(_ bytes: [UInt8], _ start: Int) -> Int? {
    let (tens, units) = (bytes[start], bytes[start + 1])
    guard (0x30...0x39).contains(tens), (0x30...0x39).contains(units) else { return nil }
    return Int(tens - 0x30) * 10 + Int(units - 0x30)
  }
}
