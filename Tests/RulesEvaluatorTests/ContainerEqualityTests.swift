import RulesEvaluator
import Testing

/// `==` on lists, maps and latlngs, as production's runtime answers (recorded against Firebase's
/// rules engine): numbers nested in containers compare strictly (same type, value and sign;
/// NaN equals nothing), while top-level numbers compare by value.
@Suite struct ContainerEqualityTests {
  static let rows: [ExpressionCase] = [
    ExpressionCase("1 == 1.0", .bool(true)),
    ExpressionCase("0.0 == -0.0", .bool(true)),
    ExpressionCase("[1] == [1]", .bool(true)),
    ExpressionCase("[1] == [1.0]", .bool(false)),
    ExpressionCase("[1.0] == [1]", .bool(false)),
    ExpressionCase("[1] != [1.0]", .bool(true)),
    ExpressionCase("[[1]] == [[1.0]]", .bool(false)),
    ExpressionCase("[1, [2, 3.0]] == [1, [2, 3]]", .bool(false)),
    ExpressionCase("{'a': 1} == {'a': 1.0}", .bool(false)),
    ExpressionCase("{'a': {'b': 1}} == {'a': {'b': 1.0}}", .bool(false)),
    ExpressionCase("{'a': [1]} == {'a': [1]}", .bool(true)),
    ExpressionCase("[0.0] == [-0.0]", .bool(false)),
    ExpressionCase("{'a': 0.0} == {'a': -0.0}", .bool(false)),
    ExpressionCase("[0.0 / 0.0] == [0.0 / 0.0]", .bool(false)),
    ExpressionCase("['a', true, null] == ['a', true, null]", .bool(true)),
    ExpressionCase("latlng.value(-0.0, 0) == latlng.value(0.0, 0)", .bool(false)),
    ExpressionCase("latlng.value(1, 2) == latlng.value(1.0, 2.0)", .bool(true)),
    ExpressionCase("{'a': 1}.diff({'a': 2}) == {'a': 1}.diff({'a': 2})", .bool(false)),
    ExpressionCase("[1].toSet() == [1.0].toSet()", .bool(true)),
    ExpressionCase("1 in [1.0]", .bool(false)),
  ]

  @Test(arguments: rows)
  func equality(_ row: ExpressionCase) {
    guard case .value(let expected) = row.expected else { return }
    let actual = CompiledRuleset.evaluate(row.expression, bindings: row.bindings)
    #expect(actual.displayText == expected.displayText, "\(row.expression)")
  }
}
