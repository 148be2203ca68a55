import RulesEvaluator
import Testing

private typealias T = Conformance

/// `timestamp.value(string)`, row by row as production's runtime answered (recorded results).
@Suite struct TimestampTextTests {
  static func parse(_ text: String) -> Value { T.namespace("timestamp", "value", .string(text)) }

  static func millis(_ text: String) -> Value { T.call(parse(text), "toMillis") }

  static let invalid = BuiltinTimestampTests.invalidTimestamp

  static let acceptedRows: [ConformanceCase] = [
    .init("2020-01-01T00:00:00Z", millis("2020-01-01T00:00:00Z"), .int(1_577_836_800_000)),
    .init("+02:00", millis("2020-01-01T00:00:00+02:00"), .int(1_577_829_600_000)),
    .init("-05:30", millis("2020-01-01T00:00:00-05:30"), .int(1_577_856_600_000)),
    .init("+00:00", millis("2020-01-01T00:00:00+00:00"), .int(1_577_836_800_000)),
    .init("-00:00", millis("2020-01-01T00:00:00-00:00"), .int(1_577_836_800_000)),
    .init("+24:00", millis("2020-01-01T00:00:00+24:00"), .int(1_577_750_400_000)),
    .init(
      "nine fraction digits", T.call(parse("2020-01-01T00:00:00.123456789Z"), "nanos"), .int(123_456_789)),
    .init(
      "a tenth fraction digit is dropped", T.call(parse("2020-01-01T00:00:00.1234567891Z"), "nanos"),
      .int(123_456_789)),
    .init(".1", T.call(parse("2020-01-01T00:00:00.1Z"), "nanos"), .int(100_000_000)),
    .init("'.' without digits", millis("2020-01-01T00:00:00.Z"), .int(1_577_836_800_000)),
    .init("',5' is ignored", millis("2020-01-01T00:00:00,5Z"), .int(1_577_836_800_000)),
    .init("second 60 rolls over", millis("2020-01-01T00:00:60Z"), .int(1_577_836_860_000)),
    .init("February 30th rolls over", millis("2020-02-30T00:00:00Z"), .int(1_583_020_800_000)),
    .init("T24:00:00 is the next day", millis("2020-01-01T24:00:00Z"), .int(1_577_923_200_000)),
    .init("single-digit month and day", millis("2020-1-1T00:00:00Z"), .int(1_577_836_800_000)),
    .init("a leading space", millis(" 2020-01-01T00:00:00Z"), .int(1_577_836_800_000)),
    .init("pre-epoch toMillis", millis("1969-12-31T23:59:59.5Z"), .int(-500)),
    .init("pre-epoch seconds", T.call(parse("1969-12-31T23:59:59.5Z"), "seconds"), .int(59)),
    .init("hours", T.call(parse("2020-03-04T05:06:07.890Z"), "hours"), .int(5)),
    .init("toMillis with millis", millis("2020-03-04T05:06:07.890Z"), .int(1_583_298_367_890)),
    .init("dayOfYear", T.call(parse("2020-03-04T05:06:07.890Z"), "dayOfYear"), .int(64)),
    .init(
      "0001-01-01T00:00:00Z", parse("0001-01-01T00:00:00Z"),
      .timestamp(Timestamp(seconds: Timestamp.minimumSeconds, nanos: 0))),
    .init(
      "9999-12-31T23:59:59.999999999Z", parse("9999-12-31T23:59:59.999999999Z"),
      .timestamp(Timestamp(seconds: Timestamp.maximumSeconds, nanos: 999_999_999))),
    .init(
      "equals timestamp.date", T.binary(parse("2020-01-01T02:00:00+02:00"), .equal, T.time(2020, 1, 1)),
      .bool(true)),
  ]

  static let rejectedRows: [ConformanceCase] = [
    .init("2020-01-01 (no time)", parse("2020-01-01"), invalid),
    .init("no zone", parse("2020-01-01T00:00:00"), invalid),
    .init("lower-case t and z", parse("2020-01-01t00:00:00z"), invalid),
    .init("a space for T", parse("2020-01-01 00:00:00Z"), invalid),
    .init("abc", parse("abc"), invalid),
    .init("+0200 (no colon)", parse("2020-01-01T00:00:00+0200"), invalid),
    .init("+02 (no minutes)", parse("2020-01-01T00:00:00+02"), invalid),
    .init("+2020 (a sign on the year)", parse("+2020-01-01T00:00:00Z"), invalid),
    .init("year 10000", parse("10000-01-01T00:00:00Z"), invalid),
    .init("year 0", parse("0000-01-01T00:00:00Z"), invalid),
    .init("no seconds", parse("2020-01-01T00:00Z"), invalid),
    .init("basic format", parse("20200101T000000Z"), invalid),
    .init("text after Z", parse("2020-01-01T00:00:00Zx"), invalid),
    .init("a letter in the fraction", parse("2020-01-01T00:00:00.5xZ"), invalid),
    .init("empty", parse(""), invalid),
  ]

  @Test(arguments: acceptedRows) func accepted(_ row: ConformanceCase) { row.check() }
  @Test(arguments: rejectedRows) func rejected(_ row: ConformanceCase) { row.check() }
}
