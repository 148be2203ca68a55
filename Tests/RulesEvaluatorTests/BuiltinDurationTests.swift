import RulesEvaluator
import RulesSyntax
import Testing

private typealias T = Conformance

@Suite struct BuiltinDurationTests {
  /// Production's message for a duration out of range.
  static let invalidDuration = T.error(
    "Duration is not valid. Seconds must be in range [-315,576,000,000, +315,576,000,000]. "
      + "Nanos must be in range [-999,999,999, +999,999,999]. Nanos must have the same sign as seconds.")

  static let valueExpected = "duration.value(int, string)"

  static func value(_ magnitude: Value, _ unit: String) -> Value {
    T.namespace("duration", "value", magnitude, .string(unit))
  }

  static let durationRows: [ConformanceCase] = [
    .init("value(1, 'w')", value(.int(1), "w"), T.duration(604_800)),
    .init("value(2, 'd')", value(.int(2), "d"), T.duration(172_800)),
    .init("value(1, 'h')", value(.int(1), "h"), T.duration(3600)),
    .init("value(90, 'm')", value(.int(90), "m"), T.duration(5400)),
    .init("value(-3, 's')", value(.int(-3), "s"), T.duration(-3)),
    .init("value(1500, 'ms')", value(.int(1500), "ms"), T.duration(1, 500_000_000)),
    .init("value(-1500, 'ms') keeps one sign", value(.int(-1500), "ms"), T.duration(-1, -500_000_000)),
    .init("value(5, 'ns')", value(.int(5), "ns"), T.duration(0, 5)),
    .init(
      "value(1.5, 's') is an error (production)", value(.float(1.5), "s"),
      T.unsupported("duration.value(float, string)", valueExpected)),
    .init(
      "value(1.5, 'ms')", value(.float(1.5), "ms"),
      T.unsupported("duration.value(float, string)", valueExpected)),
    .init(
      "value(1.0, 's')", value(.float(1), "s"), T.unsupported("duration.value(float, string)", valueExpected)),
    .init("value(1, 'y')", value(.int(1), "y"), T.error("Invalid regular expression pattern. Pattern: y.")),
    .init(
      "value(1, 'S') units are case-sensitive", value(.int(1), "S"),
      T.error("Invalid regular expression pattern. Pattern: S.")),
    .init("value(1, '')", value(.int(1), ""), T.error("Invalid regular expression pattern. Pattern: .")),
    .init(
      "value(1, 'h|d')", value(.int(1), "h|d"), T.error("Invalid regular expression pattern. Pattern: h|d.")),
    .init(
      "value('1', 's')", value(.string("1"), "s"),
      T.unsupported("duration.value(string, string)", valueExpected)),
    .init(
      "value(1, 1)", T.namespace("duration", "value", .int(1), .int(1)),
      T.unsupported("duration.value(int, int)", valueExpected)),
    .init("value(1)", T.namespace("duration", "value", .int(1)), T.argumentCount(1, valueExpected)),
    .init("value(max int, 'w')", value(.int(.max), "w"), invalidDuration),
    .init("value(20000 years, 'd')", value(.int(7_305_000), "d"), invalidDuration),
    .init(
      "value(NaN, 's')", value(.float(.nan), "s"),
      T.unsupported("duration.value(float, string)", valueExpected)),
    .init(
      "time(1, 30, 0, 5)", T.namespace("duration", "time", .int(1), .int(30), .int(0), .int(5)),
      T.duration(5400, 5)),
    .init(
      "time(0, 0, 0, 1500000000)",
      T.namespace("duration", "time", .int(0), .int(0), .int(0), .int(1_500_000_000)),
      T.duration(1, 500_000_000)),
    .init(
      "time(0, 0, 1, -1)", T.namespace("duration", "time", .int(0), .int(0), .int(1), .int(-1)),
      T.duration(0, 999_999_999)),
    .init(
      "time(1, 2, 3)", T.namespace("duration", "time", .int(1), .int(2), .int(3)),
      T.argumentCount(3, "duration.time(int, int, int, int)")),
    .init("abs(-3s)", T.namespace("duration", "abs", T.duration(-3, -5)), T.duration(3, 5)),
    .init(
      "abs(-0.5s)", T.namespace("duration", "abs", T.duration(0, -500_000_000)), T.duration(0, 500_000_000)),
    .init("abs(3s)", T.namespace("duration", "abs", T.duration(3)), T.duration(3)),
    .init(
      "abs(3)", T.namespace("duration", "abs", .int(3)),
      T.unsupported("duration.abs(int)", "duration.abs(duration)")),
    .init("seconds()", T.call(value(.int(90), "m"), "seconds"), .int(5400)),
    .init("nanos()", T.call(value(.int(1500), "ms"), "nanos"), .int(500_000_000)),
    .init("negative nanos()", T.call(value(.int(-1500), "ms"), "nanos"), .int(-500_000_000)),
    .init("seconds(1)", T.call(T.duration(1), "seconds", .int(1)), T.argumentCount(1, "duration.seconds()")),
    .init("duration.hours()", T.call(T.duration(1), "hours"), T.notFound("hours")),
    .init("1h + 30m == 90m", T.binary(value(.int(1), "h"), .add, value(.int(30), "m")), T.duration(5400)),
    .init(
      "1s - 1.5s", T.binary(T.duration(1), .subtract, T.duration(1, 500_000_000)), T.duration(0, -500_000_000)
    ),
    .init(
      "-1.5s + 2s", T.binary(T.duration(-1, -500_000_000), .add, T.duration(2)), T.duration(0, 500_000_000)),
    .init("1m > 59s", T.binary(value(.int(1), "m"), .greater, value(.int(59), "s")), .bool(true)),
    .init(
      "max + 1s", T.binary(T.duration(315_576_000_000), .add, T.duration(1)), invalidDuration),
    .init("duration.hours(1)", T.namespace("duration", "hours", .int(1)), T.notFound("duration.hours")),
  ]

  static let latLngRows: [ConformanceCase] = [
    .init(
      "latitude()", T.call(T.namespace("latlng", "value", .float(37.42), .float(-122.08)), "latitude"),
      .float(37.42)),
    .init("longitude()", T.call(T.namespace("latlng", "value", .int(1), .int(2)), "longitude"), .float(2)),
    .init(
      "the poles are valid", T.call(T.namespace("latlng", "value", .int(-90), .int(180)), "latitude"),
      .float(-90)),
    .init(
      "latitude -100", T.namespace("latlng", "value", .int(-100), .float(-122.08)),
      T.error(
        "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. "
          + "latitude: -100.0, longitude: -122.08.")),
    .init(
      "longitude 181", T.namespace("latlng", "value", .int(0), .int(181)),
      .error(.invalidLatLng(latitude: "0.0", longitude: "181.0"))),
    .init(
      "latitude NaN", T.namespace("latlng", "value", .float(.nan), .int(0)),
      .error(.invalidLatLng(latitude: "NaN", longitude: "0.0"))),
    .init(
      "latlng.value('a', 1)", T.namespace("latlng", "value", .string("a"), .int(1)),
      T.unsupported("latlng.value(string, int)", "latlng.value(float, float)")),
    .init("latlng.from(1, 2)", T.namespace("latlng", "from", .int(1), .int(2)), T.notFound("latlng.from")),
    .init(
      "distance to itself",
      T.call(
        T.namespace("latlng", "value", .int(10), .int(20)), "distance",
        T.namespace("latlng", "value", .int(10), .int(20))),
      .float(0)),
    .init(
      "distance(1)", T.call(T.namespace("latlng", "value", .int(0), .int(0)), "distance", .int(1)),
      T.unsupported("latlng.distance(int)", "latlng.distance(latlng)")),
    .init(
      "latlng.size()", T.call(T.namespace("latlng", "value", .int(0), .int(0)), "size"), T.notFound("size")),
  ]

  @Test(arguments: durationRows) func durations(_ row: ConformanceCase) { row.check() }
  @Test(arguments: latLngRows) func latLngs(_ row: ConformanceCase) { row.check() }

  /// Production's distances (recorded from its runtime), to the last bit: the haversine
  /// formula on a 6,371,009 m sphere.
  static let distanceRows: [ConformanceCase] = [
    distance((37.7749, -122.4194), (40.7128, -74.006), 4_129_091.99801532),
    distance((0, 0), (0, 1), 111_195.08372419141),
    distance((0, 0), (0, 180), 2.0015115070354454E7),
    distance((90, 0), (-90, 0), 2.0015115070354454E7),
    distance((51.5, 0), (48.85, 2.35), 338_831.84473364253),
  ]

  static func distance(
    _ from: (Double, Double), _ to: (Double, Double), _ metres: Double
  ) -> ConformanceCase {
    func point(_ value: (Double, Double)) -> Value {
      T.namespace("latlng", "value", .float(value.0), .float(value.1))
    }
    return .init("distance \(from) to \(to)", T.call(point(from), "distance", point(to)), .float(metres))
  }

  @Test(arguments: distanceRows) func distances(_ row: ConformanceCase) { row.check() }
}
