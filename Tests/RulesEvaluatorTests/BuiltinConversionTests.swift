import RulesEvaluator
import Testing

private typealias T = Conformance

/// Rows mirror production's verdicts for `int()`, `float()` and `string()` (Storage Rules Test
/// API observations: Java's `Long.parseLong`, `Double.parseDouble`, `(long)` cast and
/// `Double.toString`).
@Suite struct BuiltinConversionTests {
  static let intExpected = "int(int), int(float), int(string)"
  static let floatExpected = "float(int), float(float), float(string)"
  static let stringExpected =
    "string(int), string(float), string(null), string(string), string(bool), string(path)"

  static func int(_ text: String) -> Value { T.global("int", .string(text)) }
  static func float(_ text: String) -> Value { T.global("float", .string(text)) }
  static func string(_ value: Double) -> Value { T.global("string", .float(value)) }
  static func intError(_ text: String) -> Value { .error(.typeConversion(argument: text, to: "int")) }
  static func floatError(_ text: String) -> Value { .error(.typeConversion(argument: text, to: "float")) }

  static let intRows: [ConformanceCase] = [
    .init("int('12')", int("12"), .int(12)),
    .init("int('-3')", int("-3"), .int(-3)),
    .init("int('+3')", int("+3"), .int(3)),
    .init("int('007')", int("007"), .int(7)),
    .init("int('١٢') (Arabic-Indic digits, production)", int("١٢"), .int(12)),
    .init("int('-١٢')", int("-١٢"), .int(-12)),
    .init("int('１２') (fullwidth digits)", int("１２"), .int(12)),
    .init("int('1٢')", int("1٢"), .int(12)),
    .init("int('𝟏') (outside the BMP)", int("𝟏"), intError("𝟏")),
    .init("int('Ⅻ') (a number, not a digit)", int("Ⅻ"), intError("Ⅻ")),
    .init("int('-')", int("-"), intError("-")),
    .init("int('+')", int("+"), intError("+")),
    .init("int('-9223372036854775808')", int("-9223372036854775808"), .int(.min)),
    .init("int('9223372036854775808')", int("9223372036854775808"), intError("9223372036854775808")),
    .init("int('1e3')", int("1e3"), intError("1e3")),
    .init("int('1.5')", int("1.5"), intError("1.5")),
    .init("int(' 12')", int(" 12"), intError(" 12")),
    .init("int('0x10')", int("0x10"), intError("0x10")),
    .init("int('')", int(""), intError("")),
    .init(
      "int('12abc') message", int("12abc"),
      T.error("Type conversion error. Argument: [12abc], From type: [string], To type: [int].")),
    .init("int(2.9) truncates", T.global("int", .float(2.9)), .int(2)),
    .init("int(-2.9)", T.global("int", .float(-2.9)), .int(-2)),
    .init("int(1e20) saturates", T.global("int", .float(1e20)), .int(.max)),
    .init("int(-1e20) saturates", T.global("int", .float(-1e20)), .int(.min)),
    .init("int(NaN) is 0", T.global("int", .float(.nan)), .int(0)),
    .init("int(infinity)", T.global("int", .float(.infinity)), .int(.max)),
    .init("int(5)", T.global("int", .int(5)), .int(5)),
    .init("int(true)", T.global("int", .bool(true)), T.unsupported("int(bool)", intExpected)),
    .init("int(null)", T.global("int", .null), T.unsupported("int(null)", intExpected)),
    .init("int('1', 2)", T.global("int", .string("1"), .int(2)), T.argumentCount(2, intExpected)),
  ]

  static let floatRows: [ConformanceCase] = [
    .init("float('2.0')", float("2.0"), .float(2)),
    .init("float('1e3')", float("1e3"), .float(1000)),
    .init("float('.5')", float(".5"), .float(0.5)),
    .init("float('5.')", float("5."), .float(5)),
    .init("float('1.5f')", float("1.5f"), .float(1.5)),
    .init("float('1.5d')", float("1.5d"), .float(1.5)),
    .init("float('0x1p3')", float("0x1p3"), .float(8)),
    .init("float(' 2.5 ')", float(" 2.5 "), .float(2.5)),
    .init("float('-Infinity')", float("-Infinity"), .float(-.infinity)),
    .init("float('+Infinity')", float("+Infinity"), .float(.infinity)),
    .init("float('NaN')", float("NaN"), .float(.nan)),
    .init("float('+NaN')", float("+NaN"), .float(.nan)),
    .init("float('0X1P3')", float("0X1P3"), .float(8)),
    .init("float('-0x.8p1')", float("-0x.8p1"), .float(-1)),
    .init("float('1e3f')", float("1e3f"), .float(1000)),
    .init("float('-.5e-3')", float("-.5e-3"), .float(-0.0005)),
    .init("float('.')", float("."), floatError(".")),
    .init("float('1e')", float("1e"), floatError("1e")),
    .init("float('NaNf')", float("NaNf"), floatError("NaNf")),
    .init("float('1e400') overflows to infinity", float("1e400"), .float(.infinity)),
    .init("float('inf')", float("inf"), floatError("inf")),
    .init("float('nan')", float("nan"), floatError("nan")),
    .init("float('1.2.3')", float("1.2.3"), floatError("1.2.3")),
    .init("float('1_000')", float("1_000"), floatError("1_000")),
    .init("float('')", float(""), floatError("")),
    .init("float('0x10')", float("0x10"), floatError("0x10")),
    .init(
      "float('abc') message", float("abc"),
      T.error("Type conversion error. Argument: [abc], From type: [string], To type: [float].")),
    .init("float(2)", T.global("float", .int(2)), .float(2)),
    .init("float(1.5)", T.global("float", .float(1.5)), .float(1.5)),
    .init("float(true)", T.global("float", .bool(true)), T.unsupported("float(bool)", floatExpected)),
    .init("float()", T.global("float"), T.argumentCount(0, floatExpected)),
  ]

  static let stringRows: [ConformanceCase] = [
    .init("string(12)", T.global("string", .int(12)), .string("12")),
    .init("string(-5)", T.global("string", .int(-5)), .string("-5")),
    .init("string(true)", T.global("string", .bool(true)), .string("true")),
    .init("string(null)", T.global("string", .null), .string("null")),
    .init("string('s')", T.global("string", .string("s")), .string("s")),
    .init("string(path('a/b'))", T.global("string", T.global("path", .string("a/b"))), .string("/a/b")),
    .init("string(2.0)", string(2), .string("2.0")),
    .init("string(1.5)", string(1.5), .string("1.5")),
    .init("string(0.1 + 0.2)", string(0.1 + 0.2), .string("0.30000000000000004")),
    .init("string(-0.0)", string(-0.0), .string("-0.0")),
    .init("string(1e7)", string(1e7), .string("1.0E7")),
    .init("string(1e6)", string(1e6), .string("1000000.0")),
    .init("string(9999999.0)", string(9_999_999), .string("9999999.0")),
    .init("string(1e-3)", string(1e-3), .string("0.001")),
    .init("string(1e-4)", string(1e-4), .string("1.0E-4")),
    .init("string(123456789.0)", string(123_456_789), .string("1.23456789E8")),
    .init("string(-1.5e10)", string(-1.5e10), .string("-1.5E10")),
    .init("string(1e21)", string(1e21), .string("1.0E21")),
    .init("string(1e23)", string(1e23), .string("1.0E23")),
    .init("string(1.0 / 3.0)", string(1.0 / 3.0), .string("0.3333333333333333")),
    .init("string(2.82879384806159e17)", string(2.82879384806159e17), .string("2.82879384806159E17")),
    .init("string(max)", string(1.7976931348623157e308), .string("1.7976931348623157E308")),
    .init("string(min normal)", string(2.2250738585072014e-308), .string("2.2250738585072014E-308")),
    .init("string(4.9e-324)", string(4.9e-324), .string("4.9E-324")),
    .init("string(-4.9e-324)", string(-4.9e-324), .string("-4.9E-324")),
    .init("string(1e-323)", string(1e-323), .string("9.9E-324")),
    .init("string(2e-323)", string(2e-323), .string("2.0E-323")),
    .init("string(1e-322)", string(1e-322), .string("9.9E-323")),
    .init("string(1e-310)", string(1e-310), .string("1.0E-310")),
    .init("string(NaN)", string(.nan), .string("NaN")),
    .init("string(-infinity)", string(-.infinity), .string("-Infinity")),
    .init(
      "string([1, 2])", T.global("string", .list([.int(1)])), T.unsupported("string(list)", stringExpected)),
    .init("string({})", T.global("string", .map([:])), T.unsupported("string(map)", stringExpected)),
    .init("string(b'')", T.global("string", .bytes([])), T.unsupported("string(bytes)", stringExpected)),
    .init(
      "string(duration)", T.global("string", T.duration(1)), T.unsupported("string(duration)", stringExpected)
    ),
  ]

  static let otherRows: [ConformanceCase] = [
    .init(
      "path('/a//b/')", T.global("path", .string("/a//b/")),
      T.error("Invalid Path Template /a//b/. Empty segment is not allowed.")),
    .init("path('')", T.global("path", .string("")), T.error("Empty Path Template is not allowed.")),
    .init(
      "path(path)", T.global("path", T.global("path", .string("a"))),
      T.unsupported("path(path)", "path(string)")),
    .init("debug(x) is x", T.global("debug", .list([.int(1)])), .list([.int(1)])),
    .init("debug()", T.global("debug"), T.error("Service call error. Function: [debug], Argument: [].")),
    .init("debug(1, 2) is the first (production)", T.global("debug", .int(1), .int(2)), .int(1)),
    .init("debug('a', 2, 3)", T.global("debug", .string("a"), .int(2), .int(3)), .string("a")),
    .init(
      "bool('true') does not exist (decisions §20)", T.global("bool", .string("true")), T.notFound("bool")),
    .init("foo(1)", T.global("foo", .int(1)), T.notFound("foo")),
  ]

  @Test(arguments: intRows) func ints(_ row: ConformanceCase) { row.check() }
  @Test(arguments: floatRows) func floats(_ row: ConformanceCase) { row.check() }
  @Test(arguments: stringRows) func strings(_ row: ConformanceCase) { row.check() }
  @Test(arguments: otherRows) func others(_ row: ConformanceCase) { row.check() }
}
