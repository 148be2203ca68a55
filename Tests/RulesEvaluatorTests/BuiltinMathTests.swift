import RulesEvaluator
import Testing

private typealias T = Conformance

/// Rows mirror production's verdicts for the `math` namespace (Storage Rules Test API
/// observations; Java's `Math`).
@Suite struct BuiltinMathTests {
  static func math(_ name: String, _ arguments: Value...) -> Value {
    Builtins.namespace("math", name, arguments)
  }

  static let mathRows: [ConformanceCase] = [
    .init("abs(-2) stays int", math("abs", .int(-2)), .int(2)),
    .init("abs(1)", math("abs", .int(1)), .int(1)),
    .init("abs(-2.5) stays float", math("abs", .float(-2.5)), .float(2.5)),
    .init("abs(-0.0)", math("abs", .float(-0.0)), .float(0)),
    .init("abs(Int64.min) is Int64.min", math("abs", .int(.min)), .int(.min)),
    .init(
      "abs('a')", math("abs", .string("a")),
      T.unsupported("math.abs(string)", "math.abs(int), math.abs(float)")),
    .init("abs(null)", math("abs", .null), T.unsupported("math.abs(null)", "math.abs(int), math.abs(float)")),
    .init("abs(1, 2)", math("abs", .int(1), .int(2)), T.argumentCount(2, "math.abs(int), math.abs(float)")),
    .init("ceil(1.5) is a float", math("ceil", .float(1.5)), .float(2)),
    .init("ceil(-1.5)", math("ceil", .float(-1.5)), .float(-1)),
    .init("ceil(-0.5) is -0.0", math("ceil", .float(-0.5)), .float(-0.0)),
    .init("ceil(1) is a float", math("ceil", .int(1)), .float(1)),
    .init("floor(-1.5)", math("floor", .float(-1.5)), .float(-2)),
    .init("floor(2.5)", math("floor", .float(2.5)), .float(2)),
    .init("floor(1) is a float", math("floor", .int(1)), .float(1)),
    .init("ceil('a')", math("ceil", .string("a")), T.unsupported("math.ceil(string)", "math.ceil(float)")),
    .init("round(2.5) rounds half up", math("round", .float(2.5)), .int(3)),
    .init("round(-2.5) is -2", math("round", .float(-2.5)), .int(-2)),
    .init("round(-1.5)", math("round", .float(-1.5)), .int(-1)),
    .init("round(0.5)", math("round", .float(0.5)), .int(1)),
    .init("round(-0.5)", math("round", .float(-0.5)), .int(0)),
    .init("round(1.4)", math("round", .float(1.4)), .int(1)),
    .init("round(0.49999999999999994)", math("round", .float(0.49999999999999994)), .int(0)),
    .init("round(1) stays int", math("round", .int(1)), .int(1)),
    .init("round(NaN) is 0", math("round", .float(.nan)), .int(0)),
    .init("round(infinity) saturates", math("round", .float(.infinity)), .int(.max)),
    .init("round(-1e30) saturates", math("round", .float(-1e30)), .int(.min)),
    .init("round(true)", math("round", .bool(true)), T.unsupported("math.round(bool)", "math.round(float)")),
    .init("sqrt(4) is a float", math("sqrt", .int(4)), .float(2)),
    .init("sqrt(2.25)", math("sqrt", .float(2.25)), .float(1.5)),
    .init("sqrt(-1) is NaN", math("sqrt", .int(-1)), .float(.nan)),
    .init("sqrt('a')", math("sqrt", .string("a")), T.unsupported("math.sqrt(string)", "math.sqrt(float)")),
    .init("sqrt()", math("sqrt"), T.argumentCount(0, "math.sqrt(float)")),
    .init("pow(2, 3) is a float", math("pow", .int(2), .int(3)), .float(8)),
    .init("pow(2, -1)", math("pow", .int(2), .int(-1)), .float(0.5)),
    .init("pow(4, 0.5)", math("pow", .int(4), .float(0.5)), .float(2)),
    .init("pow(0, -1) is infinity", math("pow", .int(0), .int(-1)), .float(.infinity)),
    .init(
      "pow(2, 'a')", math("pow", .int(2), .string("a")),
      T.unsupported("math.pow(int, string)", "math.pow(float, float)")),
    .init("isNaN(sqrt(-1))", math("isNaN", math("sqrt", .int(-1))), .bool(true)),
    .init("isNaN(1)", math("isNaN", .int(1)), .bool(false)),
    .init("isNaN(infinity)", math("isNaN", .float(.infinity)), .bool(false)),
    .init(
      "isNaN('a')", math("isNaN", .string("a")), T.unsupported("math.isNaN(string)", "math.isNaN(float)")),
    .init(
      "isInfinite does not exist (decisions §20)", math("isInfinite", .float(1)),
      T.notFound("math.isInfinite")),
    .init("math.max", math("max", .int(1), .int(2)), T.notFound("math.max")),
  ]

  @Test(arguments: mathRows) func mathNamespace(_ row: ConformanceCase) { row.check() }
}
