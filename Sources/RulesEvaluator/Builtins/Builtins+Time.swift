import RulesSemantics

extension Builtins {
  /// Timestamp accessors, all in UTC: `year month day hours minutes seconds` (of the minute),
  /// `nanos` (of the second), `dayOfWeek` (1 Monday ... 7 Sunday), `dayOfYear`, `toMillis`
  /// (epoch), `date()` (midnight) and `time()` (the duration since midnight).
  static func timestampMethod(_ time: Timestamp, _ name: BuiltinMethodID, _ arguments: [Value]) -> Value {
    let (days, secondOfDay) = TimeArithmetic.floorDivision(time.seconds, TimeArithmetic.secondsPerDay)
    let result: Value
    switch name {
    case .year: result = .int(TimeArithmetic.civil(days: days).year)
    case .month: result = .int(TimeArithmetic.civil(days: days).month)
    case .day: result = .int(TimeArithmetic.civil(days: days).day)
    case .hours: result = .int(secondOfDay / 3600)
    case .minutes: result = .int(secondOfDay / 60 % 60)
    case .seconds: result = .int(secondOfDay % 60)
    case .nanos: result = .int(Int64(time.nanos))
    // Day 0, 1970-01-01, was a Thursday (4).
    case .dayOfWeek: result = .int(TimeArithmetic.floorDivision(days + 3, 7).remainder + 1)
    case .dayOfYear:
      let year = TimeArithmetic.civil(days: days).year
      result = .int(days - TimeArithmetic.days(year: year, month: 1, day: 1) + 1)
    case .toMillis: result = .int(time.seconds * 1000 + Int64(time.nanos) / 1_000_000)
    case .date: result = .timestamp(Timestamp(seconds: days * TimeArithmetic.secondsPerDay, nanos: 0))
    case .time: result = .duration(RulesDuration(seconds: secondOfDay, nanos: time.nanos))
    default: return .error(.functionNotFound(name))
    }
    if let error = noArguments(arguments, "timestamp.\(name)()") { return error }
    return result
  }

  /// `seconds()` and `nanos()` of a duration; both carry its sign.
  static func durationMethod(_ span: RulesDuration, _ name: BuiltinMethodID, _ arguments: [Value]) -> Value {
    let result: Value
    switch name {
    case .seconds: result = .int(span.seconds)
    case .nanos: result = .int(Int64(span.nanos))
    default: return .error(.functionNotFound(name))
    }
    if let error = noArguments(arguments, "duration.\(name)()") { return error }
    return result
  }

  /// `timestamp.date(year, month, day)` (UTC midnight of a valid date in 1...9999),
  /// `timestamp.value(epochMillis)` and `timestamp.value(text)` (``TimestampText``).
  static func timestampFunction(_ name: BuiltinFunctionID.Timestamp, _ arguments: [Value]) -> Value {
    switch name {
    case .date:
      let expected = "timestamp.date(int, int, int)"
      if let error = arity(arguments, 3, expected) { return error }
      guard case .int(let year) = arguments[0], case .int(let month) = arguments[1],
        case .int(let day) = arguments[2]
      else { return mismatch("timestamp.date", arguments, expected) }
      guard (1...9999).contains(year) else { return .error(.yearOutOfRange(year)) }
      guard TimeArithmetic.isValidDate(year: year, month: month, day: day) else {
        return .error(.invalidDate(year: year, month: month, day: day))
      }
      let days = TimeArithmetic.days(year: year, month: month, day: day)
      return .timestamp(Timestamp(seconds: days * TimeArithmetic.secondsPerDay, nanos: 0))
    case .value:
      let expected = "timestamp.value(int), timestamp.value(string)"
      if let error = arity(arguments, 1, expected) { return error }
      switch arguments[0] {
      case .int(let millis):
        let (seconds, rest) = TimeArithmetic.floorDivision(millis, 1000)
        return TimeArithmetic.timestamp(seconds: seconds, nanos: rest * 1_000_000)
      case .string(let text):
        return TimestampText.parse(text).map(Value.timestamp) ?? .error(.timestampOutOfRange)
      default:
        return mismatch("timestamp.value", arguments, expected)
      }
    }
  }

  /// `duration.value(count, unit)` with an int count and unit `w d h m s ms ns` (a float count
  /// is an error in production), `duration.time(hours, minutes, seconds, nanos)` and
  /// `duration.abs(d)`.
  static func durationFunction(_ name: BuiltinFunctionID.Duration, _ arguments: [Value]) -> Value {
    switch name {
    case .value:
      let expected = "duration.value(int, string)"
      if let error = arity(arguments, 2, expected) { return error }
      guard case .int(let count) = arguments[0], case .string(let unit) = arguments[1] else {
        return mismatch("duration.value", arguments, expected)
      }
      guard let unitNanos = durationUnits[unit] else { return .error(.invalidDurationUnit(unit)) }
      let perSecond = TimeArithmetic.nanosPerSecond
      if unitNanos < perSecond {
        let (seconds, rest) = count.quotientAndRemainder(dividingBy: perSecond / unitNanos)
        return TimeArithmetic.duration(seconds: seconds, nanos: rest * unitNanos)
      }
      let (seconds, overflow) = count.multipliedReportingOverflow(by: unitNanos / perSecond)
      return overflow ? .error(.durationOutOfRange) : TimeArithmetic.duration(seconds: seconds, nanos: 0)
    case .time:
      let expected = "duration.time(int, int, int, int)"
      if let error = arity(arguments, 4, expected) { return error }
      guard case .int(let hours) = arguments[0], case .int(let minutes) = arguments[1],
        case .int(let seconds) = arguments[2], case .int(let nanos) = arguments[3]
      else { return mismatch("duration.time", arguments, expected) }
      let (hourSeconds, o1) = hours.multipliedReportingOverflow(by: 3600)
      let (minuteSeconds, o2) = minutes.multipliedReportingOverflow(by: 60)
      let (partial, o3) = hourSeconds.addingReportingOverflow(minuteSeconds)
      let (total, o4) = partial.addingReportingOverflow(seconds)
      guard !(o1 || o2 || o3 || o4) else { return .error(.durationOutOfRange) }
      return TimeArithmetic.duration(seconds: total, nanos: nanos)
    case .abs:
      let expected = "duration.abs(duration)"
      if let error = arity(arguments, 1, expected) { return error }
      guard case .duration(let span) = arguments[0] else {
        return mismatch("duration.abs", arguments, expected)
      }
      return .duration(span.seconds < 0 || span.nanos < 0 ? span.negated : span)
    }
  }

  private static let durationUnits: [String: Int64] = [
    "w": 604_800_000_000_000, "d": 86_400_000_000_000, "h": 3_600_000_000_000, "m": 60_000_000_000,
    "s": 1_000_000_000, "ms": 1_000_000, "ns": 1,
  ]
}
