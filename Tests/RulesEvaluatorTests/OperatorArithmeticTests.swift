import RulesEvaluator
import RulesSyntax
import Testing

private typealias T = Conformance

@Suite struct OperatorArithmeticTests {
  static let addExpected =
    "int + int, float + float, string + string, duration + duration, duration + timestamp, timestamp + duration"

  static let overflow = T.error(
    "Integer value is out of the [-9223372036854775808, 9223372036854775807] range.")

  static let intsRows: [ConformanceCase] = [
    .init("1 + 2", T.binary(.int(1), .add, .int(2)), .int(3)),
    .init("5 - 7", T.binary(.int(5), .subtract, .int(7)), .int(-2)),
    .init("6 * -7", T.binary(.int(6), .multiply, .int(-7)), .int(-42)),
    .init("10 / 4 truncates", T.binary(.int(10), .divide, .int(4)), .int(2)),
    .init("-7 / 2 truncates toward zero", T.binary(.int(-7), .divide, .int(2)), .int(-3)),
    .init("7 / -2", T.binary(.int(7), .divide, .int(-2)), .int(-3)),
    .init("10 % 3", T.binary(.int(10), .remainder, .int(3)), .int(1)),
    .init("-7 % 2 has the dividend's sign", T.binary(.int(-7), .remainder, .int(2)), .int(-1)),
    .init("7 % -2", T.binary(.int(7), .remainder, .int(-2)), .int(1)),
    .init("min % -1", T.binary(.int(.min), .remainder, .int(-1)), .int(0)),
    .init("1 / 0", T.binary(.int(1), .divide, .int(0)), .error(.divideByZero)),
    .init("1 % 0", T.binary(.int(1), .remainder, .int(0)), .error(.divideByZero)),
    .init("max + 1 overflows", T.binary(.int(.max), .add, .int(1)), overflow),
    .init("min - 1 overflows", T.binary(.int(.min), .subtract, .int(1)), overflow),
    .init("max * 2 overflows", T.binary(.int(.max), .multiply, .int(2)), overflow),
    .init("min * -1 overflows", T.binary(.int(.min), .multiply, .int(-1)), overflow),
    .init("-1 * min overflows", T.binary(.int(-1), .multiply, .int(.min)), overflow),
    .init("2^62 + 2^62 overflows", T.binary(.int(1 << 62), .add, .int(1 << 62)), overflow),
    .init(
      "3037000500 * 3037000500 overflows", T.binary(.int(3_037_000_500), .multiply, .int(3_037_000_500)),
      overflow),
    .init("min / -1 wraps to min (production)", T.binary(.int(.min), .divide, .int(-1)), .int(.min)),
    .init("-min overflows", Operators.unary(.negate, .int(.min)), overflow),
    .init("-max", Operators.unary(.negate, .int(.max)), .int(-.max)),
    .init("-(-3)", Operators.unary(.negate, .int(-3)), .int(3)),
  ]

  static let floatsRows: [ConformanceCase] = [
    .init("1.5 + 1 promotes", T.binary(.float(1.5), .add, .int(1)), .float(2.5)),
    .init("1 + 1.5 promotes", T.binary(.int(1), .add, .float(1.5)), .float(2.5)),
    .init("3 - 0.5", T.binary(.int(3), .subtract, .float(0.5)), .float(2.5)),
    .init("2.5 * 2", T.binary(.float(2.5), .multiply, .int(2)), .float(5)),
    .init("10 / 4.0", T.binary(.int(10), .divide, .float(4)), .float(2.5)),
    .init("10.0 / 4.0", T.binary(.float(10), .divide, .float(4)), .float(2.5)),
    .init("1.0 / 0 is infinity", T.binary(.float(1), .divide, .int(0)), .float(.infinity)),
    .init("-1.0 / 0.0", T.binary(.float(-1), .divide, .float(0)), .float(-.infinity)),
    .init("0.0 / 0.0 is NaN", T.binary(.float(0), .divide, .float(0)), .float(.nan)),
    .init("5.5 % 2", T.binary(.float(5.5), .remainder, .int(2)), .float(1.5)),
    .init("-5.5 % 2 has the dividend's sign", T.binary(.float(-5.5), .remainder, .int(2)), .float(-1.5)),
    .init("1.0 % 0.0 is NaN", T.binary(.float(1), .remainder, .float(0)), .float(.nan)),
    .init("-(2.5)", Operators.unary(.negate, .float(2.5)), .float(-2.5)),
    .init("-(0.0) is -0.0", Operators.unary(.negate, .float(0)), .float(-0.0)),
    .init("0.1 + 0.2", T.binary(.float(0.1), .add, .float(0.2)), .float(0.30000000000000004)),
  ]

  static let otherOperandsRows: [ConformanceCase] = [
    .init("'a' + 'b'", T.binary(.string("a"), .add, .string("b")), .string("ab")),
    .init("'' + ''", T.binary(.string(""), .add, .string("")), .string("")),
    .init(
      "[1] + [2] is an error (decisions §20)", T.binary(.list([.int(1)]), .add, .list([.int(2)])),
      T.unsupported("list + list", addExpected)),
    .init("'a' + 1", T.binary(.string("a"), .add, .int(1)), T.unsupported("string + int", addExpected)),
    .init("1 + 'a'", T.binary(.int(1), .add, .string("a")), T.unsupported("int + string", addExpected)),
    .init("{} + {}", T.binary(.map([:]), .add, .map([:])), T.unsupported("map + map", addExpected)),
    .init("null + 1", T.binary(.null, .add, .int(1)), T.unsupported("null + int", addExpected)),
    .init(
      "b'a' + b'b'", T.binary(.bytes([1]), .add, .bytes([2])), T.unsupported("bytes + bytes", addExpected)),
    .init("true + true", T.binary(.bool(true), .add, .bool(true)), T.unsupported("bool + bool", addExpected)),
    .init(
      "'a' - 'a'", T.binary(.string("a"), .subtract, .string("a")),
      T.unsupported(
        "string - string",
        "int - int, float - float, duration - duration, timestamp - duration, timestamp - timestamp")),
    .init(
      "'a' * 2", T.binary(.string("a"), .multiply, .int(2)),
      T.unsupported("string * int", "int * int, float * float")),
    .init(
      "'a' / 'a'", T.binary(.string("a"), .divide, .string("a")),
      T.unsupported("string / string", "int / int, float / float")),
    .init(
      "'a' % 'a'", T.binary(.string("a"), .remainder, .string("a")),
      T.unsupported("string % string", "int % int, float % float")),
    .init(
      "duration * 2", T.binary(T.duration(1), .multiply, .int(2)),
      T.unsupported("duration * int", "int * int, float * float")),
    .init(
      "-'a'", Operators.unary(.negate, .string("a")), T.unsupported("-string", "-int, -float, -duration")),
    .init("-null", Operators.unary(.negate, .null), T.unsupported("-null", "-int, -float, -duration")),
    .init("-duration(1s)", Operators.unary(.negate, T.duration(1)), T.duration(-1)),
    .init(
      "-duration(1.5s) keeps the nanos' sign", Operators.unary(.negate, T.duration(1, 500_000_000)),
      T.duration(-1, -500_000_000)),
    .init(
      "-duration(-1.5s)", Operators.unary(.negate, T.duration(-1, -500_000_000)),
      T.duration(1, 500_000_000)),
    .init("!true", Operators.unary(.logicalNot, .bool(true)), .bool(false)),
    .init("!false", Operators.unary(.logicalNot, .bool(false)), .bool(true)),
    .init("!1", Operators.unary(.logicalNot, .int(1)), T.unsupported("!int", "!bool")),
    .init("!null", Operators.unary(.logicalNot, .null), T.unsupported("!null", "!bool")),
  ]

  static let logicalRows: [ConformanceCase] = [
    .init("true && true", T.binary(.bool(true), .logicalAnd, .bool(true)), .bool(true)),
    .init("true && false", T.binary(.bool(true), .logicalAnd, .bool(false)), .bool(false)),
    .init("error && false", T.binary(.error(.nullValue), .logicalAnd, .bool(false)), .bool(false)),
    .init("false && error", T.binary(.bool(false), .logicalAnd, .error(.nullValue)), .bool(false)),
    .init("error && true", T.binary(.error(.nullValue), .logicalAnd, .bool(true)), .error(.nullValue)),
    .init("error || true", T.binary(.error(.nullValue), .logicalOr, .bool(true)), .bool(true)),
    .init("false || error", T.binary(.bool(false), .logicalOr, .error(.nullValue)), .error(.nullValue)),
    .init("false || false", T.binary(.bool(false), .logicalOr, .bool(false)), .bool(false)),
    .init(
      "1 && true", T.binary(.int(1), .logicalAnd, .bool(true)),
      T.error("Type error. Received: [int] Expected: [bool].")),
    .init(
      "true && 1", T.binary(.bool(true), .logicalAnd, .int(1)),
      T.error("Type error. Received: [int] Expected: [bool].")),
    .init(
      "false || null", T.binary(.bool(false), .logicalOr, .null),
      T.error("Type error. Received: [null] Expected: [bool].")),
    .init("1 && false", T.binary(.int(1), .logicalAnd, .bool(false)), .bool(false)),
    .init("1 || true", T.binary(.int(1), .logicalOr, .bool(true)), .bool(true)),
  ]

  @Test(arguments: intsRows) func ints(_ row: ConformanceCase) { row.check() }
  @Test(arguments: floatsRows) func floats(_ row: ConformanceCase) { row.check() }
  @Test(arguments: otherOperandsRows) func otherOperands(_ row: ConformanceCase) { row.check() }
  @Test(arguments: logicalRows) func logical(_ row: ConformanceCase) { row.check() }
}
