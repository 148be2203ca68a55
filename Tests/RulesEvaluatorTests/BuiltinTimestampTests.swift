import RulesEvaluator
import RulesSyntax
import Testing

private typealias T = Conformance

@Suite struct BuiltinTimestampTests {
  /// Production's message for a timestamp out of range (and for text it cannot read).
  static let invalidTimestamp = T.error(
    "Timestamp is not valid. Seconds must be in range [-62,135,596,800, +253,402,300,799]. "
      + "Nanos must be in range [0, +999,999,999].")

  /// 2025-06-15T13:45:30.250Z, a Sunday, day 166 (production's recorded example).
  static let requestTime = T.time(2025, 6, 15, 13, 45, 30, nanos: 250_000_000)
  static let preEpoch = T.namespace("timestamp", "value", .int(-1500))

  static func at(_ epochSeconds: Int64, _ nanos: Int32 = 0) -> Value {
    .timestamp(Timestamp(seconds: epochSeconds, nanos: nanos))
  }

  static let accessorRows: [ConformanceCase] = [
    .init("year", T.call(requestTime, "year"), .int(2025)),
    .init("month", T.call(requestTime, "month"), .int(6)),
    .init("day", T.call(requestTime, "day"), .int(15)),
    .init("hours", T.call(requestTime, "hours"), .int(13)),
    .init("minutes", T.call(requestTime, "minutes"), .int(45)),
    .init("seconds of the minute (decisions §20)", T.call(requestTime, "seconds"), .int(30)),
    .init("nanos of the second", T.call(requestTime, "nanos"), .int(250_000_000)),
    .init("dayOfWeek: Sunday is 7", T.call(requestTime, "dayOfWeek"), .int(7)),
    .init("dayOfWeek: 1970-01-01 was a Thursday", T.call(at(0), "dayOfWeek"), .int(4)),
    .init("dayOfWeek: 2024-01-01 was a Monday", T.call(T.time(2024, 1, 1), "dayOfWeek"), .int(1)),
    .init("dayOfYear", T.call(requestTime, "dayOfYear"), .int(166)),
    .init("dayOfYear of 2024-12-31 (leap)", T.call(T.time(2024, 12, 31), "dayOfYear"), .int(366)),
    .init("toMillis", T.call(requestTime, "toMillis"), .int(1_749_995_130_250)),
    .init("date()", T.call(requestTime, "date"), T.time(2025, 6, 15)),
    .init(
      "time()", T.call(requestTime, "time"),
      T.namespace("duration", "time", .int(13), .int(45), .int(30), .int(250_000_000))),
    .init("pre-epoch year", T.call(preEpoch, "year"), .int(1969)),
    .init("pre-epoch seconds", T.call(preEpoch, "seconds"), .int(58)),
    .init("pre-epoch nanos", T.call(preEpoch, "nanos"), .int(500_000_000)),
    .init("pre-epoch toMillis", T.call(preEpoch, "toMillis"), .int(-1500)),
    .init("pre-epoch date()", T.call(preEpoch, "date"), T.time(1969, 12, 31)),
    .init("0001-01-01 day", T.call(at(Timestamp.minimumSeconds), "day"), .int(1)),
    .init("0001-01-01 dayOfWeek is a Monday", T.call(at(Timestamp.minimumSeconds), "dayOfWeek"), .int(1)),
    .init("9999-12-31 year", T.call(at(Timestamp.maximumSeconds), "year"), .int(9999)),
    .init("9999-12-31 hours", T.call(at(Timestamp.maximumSeconds), "hours"), .int(23)),
    .init("1600-02-29 exists", T.call(T.time(1600, 2, 29), "dayOfYear"), .int(60)),
    .init("year(1)", T.call(requestTime, "year", .int(1)), T.argumentCount(1, "timestamp.year()")),
    .init("timestamp.size()", T.call(requestTime, "size"), T.notFound("size")),
    .init("int has no hours()", T.call(.int(3), "hours"), T.notFound("hours")),
  ]

  static let constructorRows: [ConformanceCase] = [
    .init(
      "timestamp.date(1970, 1, 1)", T.namespace("timestamp", "date", .int(1970), .int(1), .int(1)), at(0)),
    .init(
      "timestamp.date(2025, 6, 15)", T.namespace("timestamp", "date", .int(2025), .int(6), .int(15)),
      at(1_749_945_600)),
    .init(
      "timestamp.date(1, 1, 1)", T.namespace("timestamp", "date", .int(1), .int(1), .int(1)),
      at(Timestamp.minimumSeconds)),
    .init(
      "timestamp.date(2025, 2, 29)", T.namespace("timestamp", "date", .int(2025), .int(2), .int(29)),
      T.error("Date is not valid. year: 2025, month: 2 day: 29.")),
    .init(
      "timestamp.date(1900, 2, 29)", T.namespace("timestamp", "date", .int(1900), .int(2), .int(29)),
      T.error("Date is not valid. year: 1900, month: 2 day: 29.")),
    .init(
      "timestamp.date(2025, 13, 1)", T.namespace("timestamp", "date", .int(2025), .int(13), .int(1)),
      T.error("Date is not valid. year: 2025, month: 13 day: 1.")),
    .init(
      "timestamp.date(2020, 1, 0)", T.namespace("timestamp", "date", .int(2020), .int(1), .int(0)),
      T.error("Date is not valid. year: 2020, month: 1 day: 0.")),
    .init(
      "timestamp.date(0, 1, 1)", T.namespace("timestamp", "date", .int(0), .int(1), .int(1)),
      T.error("Timestamp should be between 0001-01-01T00.00.00Z and 9999-12-31T23.59.59Z. year: 0.")),
    .init(
      "timestamp.date(10000, 1, 1)", T.namespace("timestamp", "date", .int(10000), .int(1), .int(1)),
      T.error("Timestamp should be between 0001-01-01T00.00.00Z and 9999-12-31T23.59.59Z. year: 10000.")),
    .init(
      "timestamp.date(-1, 13, 1) reports the year",
      T.namespace("timestamp", "date", .int(-1), .int(13), .int(1)),
      T.error("Timestamp should be between 0001-01-01T00.00.00Z and 9999-12-31T23.59.59Z. year: -1.")),
    .init(
      "timestamp.date('2025', 1, 1)", T.namespace("timestamp", "date", .string("2025"), .int(1), .int(1)),
      T.unsupported("timestamp.date(string, int, int)", "timestamp.date(int, int, int)")),
    .init("timestamp.value(60000)", T.namespace("timestamp", "value", .int(60_000)), at(60)),
    .init("timestamp.value(-1)", T.namespace("timestamp", "value", .int(-1)), at(-1, 999_000_000)),
    .init(
      "timestamp.value(max)", T.namespace("timestamp", "value", .int(253_402_300_799_999)),
      at(Timestamp.maximumSeconds, 999_000_000)),
    .init(
      "timestamp.value(too large)", T.namespace("timestamp", "value", .int(253_402_300_800_000)),
      invalidTimestamp),
    .init(
      "timestamp.value(too small)", T.namespace("timestamp", "value", .int(-62_135_596_800_001)),
      invalidTimestamp),
    .init(
      "timestamp.value(1.5)", T.namespace("timestamp", "value", .float(1.5)),
      T.unsupported("timestamp.value(float)", "timestamp.value(int), timestamp.value(string)")),
    .init(
      "timestamp.value()", T.namespace("timestamp", "value"),
      T.argumentCount(0, "timestamp.value(int), timestamp.value(string)")),
    .init("timestamp.now()", T.namespace("timestamp", "now"), T.notFound("timestamp.now")),
  ]

  static let arithmeticRows: [ConformanceCase] = [
    .init("timestamp + duration", T.binary(at(0), .add, T.duration(60)), at(60)),
    .init("duration + timestamp", T.binary(T.duration(60), .add, at(0)), at(60)),
    .init("timestamp - duration", T.binary(at(60), .subtract, T.duration(60)), at(0)),
    .init("nanos carry", T.binary(at(0, 900_000_000), .add, T.duration(0, 200_000_000)), at(1, 100_000_000)),
    .init(
      "nanos borrow", T.binary(at(1, 100_000_000), .subtract, T.duration(0, 200_000_000)), at(0, 900_000_000)),
    .init("negative duration", T.binary(at(0), .add, T.duration(-1, -500_000_000)), at(-2, 500_000_000)),
    .init("timestamp - timestamp", T.binary(at(60), .subtract, at(0)), T.duration(60)),
    .init(
      "earlier - later is negative", T.binary(at(0), .subtract, at(1, 500_000_000)),
      T.duration(-1, -500_000_000)),
    .init(
      "request.time - timeCreated", T.binary(requestTime, .subtract, T.time(2025, 6, 15, 12)),
      T.duration(6330, 250_000_000)),
    .init(
      "past 9999-12-31", T.binary(at(Timestamp.maximumSeconds), .add, T.duration(1)),
      invalidTimestamp),
    .init(
      "before 0001-01-01", T.binary(at(Timestamp.minimumSeconds), .subtract, T.duration(0, 1)),
      invalidTimestamp),
    .init(
      "timestamp + timestamp", T.binary(at(0), .add, at(0)),
      T.unsupported("timestamp + timestamp", OperatorArithmeticTests.addExpected)),
    .init(
      "duration - timestamp", T.binary(T.duration(1), .subtract, at(0)),
      T.unsupported(
        "duration - timestamp",
        "int - int, float - float, duration - duration, timestamp - duration, timestamp - timestamp")),
  ]

  @Test(arguments: accessorRows) func accessors(_ row: ConformanceCase) { row.check() }
  @Test(arguments: constructorRows) func constructors(_ row: ConformanceCase) { row.check() }
  @Test(arguments: arithmeticRows) func arithmetic(_ row: ConformanceCase) { row.check() }
}
