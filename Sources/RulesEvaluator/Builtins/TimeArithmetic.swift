/// Timestamp and duration arithmetic with range checks, and the proleptic Gregorian calendar on
/// day numbers (days since 1970-01-01), after Howard Hinnant's `days_from_civil`. UTC only; no
/// Foundation.
enum TimeArithmetic {
  static let nanosPerSecond: Int64 = 1_000_000_000
  static let secondsPerDay: Int64 = 86_400
  /// ±10,000 years, protobuf's `Duration` range.
  static let maximumDurationSeconds: Int64 = 315_576_000_000

  /// A timestamp from seconds and any count of nanoseconds, or the range error.
  static func timestamp(seconds: Int64, nanos: Int64) -> Value {
    let (carry, rest) = floorDivision(nanos, nanosPerSecond)
    let (total, overflow) = seconds.addingReportingOverflow(carry)
    guard !overflow, total >= Timestamp.minimumSeconds, total <= Timestamp.maximumSeconds else {
      return .error(.timestampOutOfRange)
    }
    return .timestamp(Timestamp(seconds: total, nanos: Int32(rest)))
  }

  /// A duration from seconds and any count of nanoseconds, normalised so both parts share a
  /// sign, or the range error.
  static func duration(seconds: Int64, nanos: Int64) -> Value {
    let (carry, rest) = nanos.quotientAndRemainder(dividingBy: nanosPerSecond)
    var (total, overflow) = seconds.addingReportingOverflow(carry)
    guard !overflow else { return .error(.durationOutOfRange) }
    var fraction = rest
    if total > 0 && fraction < 0 {
      total -= 1
      fraction += nanosPerSecond
    } else if total < 0 && fraction > 0 {
      total += 1
      fraction -= nanosPerSecond
    }
    guard total >= -maximumDurationSeconds, total <= maximumDurationSeconds else {
      return .error(.durationOutOfRange)
    }
    return .duration(RulesDuration(seconds: total, nanos: Int32(fraction)))
  }

  static func add(_ time: Timestamp, _ span: RulesDuration) -> Value {
    let (seconds, overflow) = time.seconds.addingReportingOverflow(span.seconds)
    guard !overflow else { return .error(.timestampOutOfRange) }
    return timestamp(seconds: seconds, nanos: Int64(time.nanos) + Int64(span.nanos))
  }

  static func add(_ a: RulesDuration, _ b: RulesDuration) -> Value {
    let (seconds, overflow) = a.seconds.addingReportingOverflow(b.seconds)
    guard !overflow else { return .error(.durationOutOfRange) }
    return duration(seconds: seconds, nanos: Int64(a.nanos) + Int64(b.nanos))
  }

  /// `a - b` as a duration.
  static func difference(_ a: Timestamp, _ b: Timestamp) -> Value {
    let (seconds, overflow) = a.seconds.subtractingReportingOverflow(b.seconds)
    guard !overflow else { return .error(.durationOutOfRange) }
    return duration(seconds: seconds, nanos: Int64(a.nanos) - Int64(b.nanos))
  }

  /// Quotient rounded toward negative infinity, and the non-negative remainder.
  @inline(__always)
  static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
    let (quotient, remainder) = a.quotientAndRemainder(dividingBy: b)
    return remainder < 0 ? (quotient - 1, remainder + b) : (quotient, remainder)
  }

  // MARK: Calendar

  /// Day number of a civil date; `month` 1...12, `day` 1...31 (not validated).
  static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day number.
  static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func isValidDate(year: Int64, month: Int64, day: Int64) -> Bool {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1 else { return false }
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths: [Int64] = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return day <= lengths[Int(month - 1)]
  }
}

extension RulesDuration {
  /// The same span with the opposite sign.
  var negated: RulesDuration { RulesDuration(seconds: 0 &- seconds, nanos: 0 &- nanos) }
}
