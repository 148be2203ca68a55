import RulesEvaluator
import Testing

/// Conformance rows in the cel-spec style: an expression, its bindings, the expected value or
/// the expected error message prefix, evaluated through the parser, compiler and evaluator.
struct ExpressionCase: Sendable, CustomTestStringConvertible {
  let expression: String
  let bindings: [String: Value]
  let expected: Expected

  enum Expected: Sendable {
    case value(Value)
    case error(String)
  }

  init(_ expression: String, _ bindings: [String: Value], _ expected: Value) {
    self.expression = expression
    self.bindings = bindings
    self.expected = .value(expected)
  }

  init(_ expression: String, _ expected: Value) {
    self.init(expression, [:], expected)
  }

  init(_ expression: String, _ bindings: [String: Value] = [:], failsWith prefix: String) {
    self.expression = expression
    self.bindings = bindings
    self.expected = .error(prefix)
  }

  var testDescription: String { expression }
}

enum ExpressionTables {
  static let logic: [ExpressionCase] = [
    ExpressionCase("true && true", .bool(true)),
    ExpressionCase("x.y || true", ["x": .null], .bool(true)),
    ExpressionCase("true || x.y", ["x": .null], .bool(true)),
    ExpressionCase("x.y && false", ["x": .null], .bool(false)),
    ExpressionCase("false && x.y", ["x": .null], .bool(false)),
    ExpressionCase("x.y && true", ["x": .null], failsWith: "Null value error."),
    ExpressionCase("x.y || false", ["x": .null], failsWith: "Null value error."),
    ExpressionCase("!x.y", ["x": .null], failsWith: "Null value error."),
    ExpressionCase("x.y ? 1 : 2", ["x": .null], failsWith: "Null value error."),
    ExpressionCase("1 ? 1 : 2", failsWith: "Type error. Received: [int] Expected: [bool]."),
    ExpressionCase("null ? 1 : 2", failsWith: "Type error. Received: [null] Expected: [bool]."),
    ExpressionCase("'x' ? true : false", failsWith: "Type error. Received: [string] Expected: [bool]."),
    ExpressionCase("true ? 1 : x.y", ["x": .null], .int(1)),
    ExpressionCase("false ? 1 : 2 == 2 ? 'yes' : 'no'", .string("yes")),
    ExpressionCase("1 && true", failsWith: "Type error. Received: [int] Expected: [bool]."),
    ExpressionCase("true && 'x'", failsWith: "Type error. Received: [string] Expected: [bool]."),
    ExpressionCase("null || false", failsWith: "Type error. Received: [null] Expected: [bool]."),
    ExpressionCase("false || null", failsWith: "Type error. Received: [null] Expected: [bool]."),
    ExpressionCase("1 || true", .bool(true)),
    ExpressionCase("'x' && false", .bool(false)),
    ExpressionCase("1 && 'x'", failsWith: "Type error. Received: [int] Expected: [bool]."),
  ]

  static let propagation: [ExpressionCase] = [
    ExpressionCase("e + 1", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("1 + e", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("e == 1", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("e < 1", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("e in [1]", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("1 in e", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("e is int", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("-e", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("e[0]", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("'abc'[e]", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("e[0:1]", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("e.size()", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("'a'.matches(e)", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("int(e)", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("math.abs(e)", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("[1, e]", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("{'k': e}", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("/a/$(e)", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
    ExpressionCase("e.field", ["e": .error(EvaluationError("boom"))], failsWith: "boom"),
  ]

  static let values: [ExpressionCase] = [
    ExpressionCase("7 / 2", .int(3)),
    ExpressionCase("-7 / 2", .int(-3)),
    ExpressionCase("-7 % 2", .int(-1)),
    ExpressionCase("1 / 0", failsWith: "Divide by zero error."),
    ExpressionCase("9223372036854775807 + 1", failsWith: ""),
    ExpressionCase("1 == 1.0", .bool(true)),
    ExpressionCase("1 + 0.5", .float(1.5)),
    ExpressionCase("'a' == 1", .bool(false)),
    ExpressionCase("'a' < 1", failsWith: "Unsupported operation error."),
    ExpressionCase("'ab' + 'c'", .string("abc")),
    ExpressionCase("[1] + [2]", failsWith: "Unsupported operation error."),
    ExpressionCase("[1].concat([2]) == [1, 2]", .bool(true)),
    ExpressionCase("'😀'.size()", .int(2)),
    ExpressionCase("'abc'[1]", .string("b")),
    ExpressionCase("'abc'[1:]", .string("bc")),
    ExpressionCase("'abc'[2:2]", .string("")),
    ExpressionCase("'abc'[0:9]", failsWith: "Index out of bound error."),
    ExpressionCase("'abc'[2:1]", failsWith: "Illegal range error."),
    ExpressionCase("{'a': 1}.a", .int(1)),
    ExpressionCase("{'a': 1}.b", failsWith: "Property b is undefined on object."),
    ExpressionCase("{'a': 1}.get('b', 2)", .int(2)),
    ExpressionCase("'b' in {'b': 1}", .bool(true)),
    ExpressionCase("2 in [1, 2]", .bool(true)),
    ExpressionCase("['a', 'b'].toSet().size()", .int(2)),
    ExpressionCase(
      "x is string && y is path", ["x": .string("s"), "y": .path(PathValue(segments: ["a"]))], .bool(true)),
    ExpressionCase("1 is number && 1.5 is number", .bool(true)),
    // `$(x)` is one segment, slashes and all, as production's runtime has it.
    ExpressionCase(
      "/databases/(default)/documents/$(x)", ["x": .string("a/b")],
      .path(PathValue(segments: ["databases", "(default)", "documents", "a/b"]))),
    ExpressionCase("/a/$(x)[1]", ["x": .string("x/y")], .string("x/y")),
    ExpressionCase("string(/a/$(x))", ["x": .string("")], .string("/a/")),
    ExpressionCase("string(/a/$(x))", ["x": .null], .string("/a/null")),
    ExpressionCase("string(/a/$(x)/c)", ["x": .int(7)], .string("/a/7/c")),
    ExpressionCase("path('a/b')[1]", .string("b")),
    ExpressionCase("'image/png'.matches('image/.*')", .bool(true)),
    ExpressionCase("'aimage/png'.matches('image/.*')", .bool(false)),
    ExpressionCase("'a'.matches('(')", failsWith: "Invalid regular expression pattern"),
    ExpressionCase(
      "timestamp.date(2026, 1, 2) + duration.value(1, 'd') == timestamp.date(2026, 1, 3)", .bool(true)),
    ExpressionCase("timestamp.value(61500).seconds()", .int(1)),
    ExpressionCase("b'\\xFB\\xEF\\xBE'.toBase64()", .string("----")),
    ExpressionCase("bool('true')", failsWith: "Function not found error: Name: [bool]."),
    ExpressionCase("math.isInfinite(1.0)", failsWith: "Function not found error"),
    ExpressionCase("request.path[0] == 'b' && resource == null && request.auth == null", .bool(true)),
    ExpressionCase("request.resource == null && request.params == {}", .bool(true)),
  ]
}

@Suite("Expressions through the whole evaluator")
struct ExpressionTests {
  func check(_ row: ExpressionCase) {
    let actual = CompiledRuleset.evaluate(row.expression, bindings: row.bindings)
    switch (row.expected, actual) {
    case (.value(let expected), .error(let error)):
      Issue.record("\(row.expression): expected \(expected.displayText), got error \(error.message)")
    case (.value(let expected), _):
      #expect(actual.rulesEquals(expected), "\(row.expression): got \(actual.displayText)")
      #expect(actual.typeName == expected.typeName, "\(row.expression): got \(actual.typeName)")
    case (.error(let prefix), .error(let error)):
      #expect(error.message.hasPrefix(prefix), "\(row.expression): got \(error.message)")
    case (.error(let prefix), _):
      Issue.record("\(row.expression): expected error \(prefix), got \(actual.displayText)")
    }
  }

  @Test("logic is commutative over errors", arguments: ExpressionTables.logic)
  func logic(_ row: ExpressionCase) { check(row) }

  @Test("errors propagate through every operator", arguments: ExpressionTables.propagation)
  func propagation(_ row: ExpressionCase) { check(row) }

  @Test("values", arguments: ExpressionTables.values)
  func values(_ row: ExpressionCase) { check(row) }
}
