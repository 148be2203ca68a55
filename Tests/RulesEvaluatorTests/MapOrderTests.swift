import RulesEvaluator
import Testing

/// The order of `keys()` and `values()`, through the parser, compiler and evaluator, as
/// production's runtime answered (recorded results): `keys()` by code points, `values()` in
/// the order the map literal (or JSON object) was written.
@Suite struct MapOrderTests {
  static let rows: [ExpressionCase] = [
    ExpressionCase("{'b': 1, 'a': 2}.values()", .list([.int(1), .int(2)])),
    ExpressionCase("{'b': 1, 'a': 2}.values() == [1, 2]", .bool(true)),
    ExpressionCase("{'b': 1, 'a': 2}.keys()", .list([.string("a"), .string("b")])),
    ExpressionCase("{'10': 1, '9': 2, '1': 3}.values().join(',')", .string("1,2,3")),
    ExpressionCase("{'a': 'x', 'B': 'y'}.values().join(',')", .string("x,y")),
    ExpressionCase("{'m': 'x', 'z': 'y', 'a': 'w'}.values().join(',')", .string("x,y,w")),
    ExpressionCase("{'z': 'y', 'a': 'w', 'm': 'x'}.values().join(',')", .string("y,w,x")),
    ExpressionCase("{'z': 'y', 'a': 'w', 'm': 'x'}.keys().join(',')", .string("a,m,z")),
    ExpressionCase(#"{'😀': 1, '\uFF61': 2}.keys()[0] == '\uFF61'"#, .bool(true)),
    ExpressionCase(#"{'😀': 1, '\uFF61': 2, 'a': 3}.keys().join(',')"#, .string("a,\u{FF61},😀")),
    ExpressionCase(
      #"{'b': 1, 'é': 2, 'Z': 3, 'a': 4, '😀': 5, '\uFF61': 6}.keys().join(',')"#,
      .string("Z,a,b,é,\u{FF61},😀")),
    ExpressionCase(
      "x.values()", ["x": .map([MapKey("q", position: 0): .int(1), MapKey("p", position: 1): .int(2)])],
      .list([.int(1), .int(2)])),
  ]

  @Test(arguments: rows) func order(_ row: ExpressionCase) { ExpressionTests().check(row) }

  /// A JSON object keeps its members' order for `values()`.
  @Test func jsonObjectsKeepTheirOrder() throws {
    let value = Value(json: .object([("b", .integer(1)), ("a", .integer(2))]))
    #expect(
      ConformanceCase.same(
        Builtins.method(value, "values", [], regexes: Conformance.regexes), .list([.int(1), .int(2)])))
  }
}
