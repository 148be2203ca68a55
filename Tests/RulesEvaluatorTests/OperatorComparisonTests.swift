import RulesEvaluator
import RulesSyntax
import Testing

private typealias T = Conformance

@Suite struct OperatorComparisonTests {
  static func orderingError(_ left: String, _ op: String, _ right: String) -> Value {
    let pairs = ["string", "bytes", "int", "float", "duration", "timestamp"].map { "\($0) \(op) \($0)" }
    let expected = (pairs + ["constraint \(op) any", "any \(op) constraint"]).joined(separator: ", ")
    return T.unsupported("\(left) \(op) \(right)", expected)
  }

  static let equalityRows: [ConformanceCase] = [
    .init("1 == 1.0", T.binary(.int(1), .equal, .float(1)), .bool(true)),
    .init("1 != '1' (different types are unequal)", T.binary(.int(1), .notEqual, .string("1")), .bool(true)),
    .init("null == null", T.binary(.null, .equal, .null), .bool(true)),
    .init("null != 0", T.binary(.null, .notEqual, .int(0)), .bool(true)),
    .init(
      "[1, 'a'] == [1, 'a']",
      T.binary(.list([.int(1), .string("a")]), .equal, .list([.int(1), .string("a")])), .bool(true)),
    .init("{'a': 1} == {'a': 1}", T.binary(.map(["a": .int(1)]), .equal, .map(["a": .int(1)])), .bool(true)),
    .init(
      "{'a': 1} != {'b': 1}", T.binary(.map(["a": .int(1)]), .notEqual, .map(["b": .int(1)])), .bool(true)),
    .init("NaN == NaN is false", T.binary(.float(.nan), .equal, .float(.nan)), .bool(false)),
    .init("NaN != NaN", T.binary(.float(.nan), .notEqual, .float(.nan)), .bool(true)),
    .init("b'a' == 'a' is false", T.binary(.bytes([97]), .equal, .string("a")), .bool(false)),
    .init(
      "set order is irrelevant", T.binary(T.stringSet("a", "b"), .equal, T.stringSet("b", "a")), .bool(true)),
    .init("[1].toSet() == [1.0].toSet()", T.binary(T.set(.int(1)), .equal, T.set(.float(1))), .bool(true)),
    .init(
      "path('a/b') == path('/a/b')",
      T.binary(T.global("path", .string("a/b")), .equal, T.global("path", .string("/a/b"))), .bool(true)),
    .init("timestamp != int", T.binary(T.time(2025, 1, 1), .notEqual, .int(0)), .bool(true)),
  ]

  static let orderingRows: [ConformanceCase] = [
    .init("1 < 2", T.binary(.int(1), .less, .int(2)), .bool(true)),
    .init("2 <= 2", T.binary(.int(2), .lessOrEqual, .int(2)), .bool(true)),
    .init("3 > 3.5", T.binary(.int(3), .greater, .float(3.5)), .bool(false)),
    .init("3.5 >= 3", T.binary(.float(3.5), .greaterOrEqual, .int(3)), .bool(true)),
    .init("NaN < 1 is false", T.binary(.float(.nan), .less, .int(1)), .bool(false)),
    .init("NaN >= NaN is false", T.binary(.float(.nan), .greaterOrEqual, .float(.nan)), .bool(false)),
    .init("'a' < 'b'", T.binary(.string("a"), .less, .string("b")), .bool(true)),
    .init("'ab' > 'a'", T.binary(.string("ab"), .greater, .string("a")), .bool(true)),
    .init("'B' < 'a'", T.binary(.string("B"), .less, .string("a")), .bool(true)),
    .init("'' < 'a'", T.binary(.string(""), .less, .string("a")), .bool(true)),
    // U+FF5E sorts after U+1F600 by code point but before it by UTF-16 code units (Java).
    .init(
      "'\u{1F600}' < '\u{FF5E}' by UTF-16 units", T.binary(.string("\u{1F600}"), .less, .string("\u{FF5E}")),
      .bool(true)),
    .init("'é' > 'e'", T.binary(.string("é"), .greater, .string("e")), .bool(true)),
    .init("b'\\x00' < b'\\xff' (unsigned)", T.binary(.bytes([0]), .less, .bytes([0xFF])), .bool(true)),
    .init("b'abc' > b'ab'", T.binary(.bytes([97, 98, 99]), .greater, .bytes([97, 98])), .bool(true)),
    .init("timestamps", T.binary(T.time(2025, 1, 1), .less, T.time(2099, 1, 1)), .bool(true)),
    .init(
      "timestamps by nanos", T.binary(T.time(2025, 1, 1, nanos: 2), .greater, T.time(2025, 1, 1, nanos: 1)),
      .bool(true)),
    .init("durations", T.binary(T.duration(60), .greater, T.duration(59, 999_999_999)), .bool(true)),
    .init("negative durations", T.binary(T.duration(-1, -5), .less, T.duration(-1)), .bool(true)),
    .init("1 < 'a'", T.binary(.int(1), .less, .string("a")), orderingError("int", "<", "string")),
    .init("'a' >= 2", T.binary(.string("a"), .greaterOrEqual, .int(2)), orderingError("string", ">=", "int")),
    .init("false < true", T.binary(.bool(false), .less, .bool(true)), orderingError("bool", "<", "bool")),
    .init(
      "[1] < [2]", T.binary(.list([.int(1)]), .less, .list([.int(2)])), orderingError("list", "<", "list")),
    .init("{} <= {}", T.binary(.map([:]), .lessOrEqual, .map([:])), orderingError("map", "<=", "map")),
    .init("1 < null", T.binary(.int(1), .less, .null), orderingError("int", "<", "null")),
    .init(
      "timestamp > int", T.binary(T.time(2025, 1, 1), .greater, .int(0)),
      orderingError("timestamp", ">", "int")),
  ]

  static let membershipRows: [ConformanceCase] = [
    .init("'a' in ['a', 'b']", T.binary(.string("a"), .membership, T.strings("a", "b")), .bool(true)),
    .init("'z' in ['a']", T.binary(.string("z"), .membership, T.strings("a")), .bool(false)),
    .init(
      "1 in [1.0] is false (list membership keeps the type)",
      T.binary(.int(1), .membership, .list([.float(1)])), .bool(false)),
    .init("-0.0 in [0.0]", T.binary(.float(-0.0), .membership, .list([.float(0)])), .bool(true)),
    .init("NaN in [NaN] is false", T.binary(.float(.nan), .membership, .list([.float(.nan)])), .bool(false)),
    .init("[1] in [[1]]", T.binary(.list([.int(1)]), .membership, .list([.list([.int(1)])])), .bool(true)),
    .init("null in [null]", T.binary(.null, .membership, .list([.null])), .bool(true)),
    .init("'a' in {'a': 1}", T.binary(.string("a"), .membership, .map(["a": .int(1)])), .bool(true)),
    .init("'toString' in {}", T.binary(.string("toString"), .membership, .map([:])), .bool(false)),
    .init(
      "1 in {'a': 1}", T.binary(.int(1), .membership, .map(["a": .int(1)])),
      T.unsupported("map.in(int)", "map.in(string)")),
    .init("'a' in set", T.binary(.string("a"), .membership, T.stringSet("a", "b")), .bool(true)),
    .init("1 in [1.0].toSet()", T.binary(.int(1), .membership, T.set(.float(1))), .bool(true)),
    .init("NaN in [NaN].toSet()", T.binary(.float(.nan), .membership, T.set(.float(.nan))), .bool(true)),
    .init("'a' in null", T.binary(.string("a"), .membership, .null), .error(.nullValue)),
    .init("'a' in 'abc'", T.binary(.string("a"), .membership, .string("abc")), T.notFound("in")),
    .init("'a' in 5", T.binary(.string("a"), .membership, .int(5)), T.notFound("in")),
    .init(
      "'a' in path", T.binary(.string("a"), .membership, T.global("path", .string("a"))), T.notFound("in")),
  ]

  static let typeTestsRows: [ConformanceCase] = [
    .init("1 is int", Operators.isType(.int(1), "int"), .bool(true)),
    .init("1.0 is int", Operators.isType(.float(1), "int"), .bool(false)),
    .init("1.0 is float", Operators.isType(.float(1), "float"), .bool(true)),
    .init("1 is number", Operators.isType(.int(1), "number"), .bool(true)),
    .init("1.5 is number", Operators.isType(.float(1.5), "number"), .bool(true)),
    .init("'1' is number", Operators.isType(.string("1"), "number"), .bool(false)),
    .init("true is bool", Operators.isType(.bool(true), "bool"), .bool(true)),
    .init("'a' is string", Operators.isType(.string("a"), "string"), .bool(true)),
    .init("b'' is bytes", Operators.isType(.bytes([]), "bytes"), .bool(true)),
    .init("[] is list", Operators.isType(.list([]), "list"), .bool(true)),
    .init("{} is map", Operators.isType(.map([:]), "map"), .bool(true)),
    .init("set is set is false (production)", Operators.isType(T.set(.int(1)), "set"), .bool(false)),
    .init("empty set is set is false", Operators.isType(T.set(), "set"), .bool(false)),
    .init("set is list", Operators.isType(T.set(), "list"), .bool(false)),
    .init("set is map", Operators.isType(T.set(), "map"), .bool(false)),
    .init("'a' is set", Operators.isType(.string("a"), "set"), .bool(false)),
    .init(
      "map_diff is map_diff", Operators.isType(T.call(.map([:]), "diff", .map([:])), "map_diff"), .bool(true)),
    .init("map_diff is map", Operators.isType(T.call(.map([:]), "diff", .map([:])), "map"), .bool(false)),
    .init("path is path", Operators.isType(T.global("path", .string("a")), "path"), .bool(true)),
    .init("path is string", Operators.isType(T.global("path", .string("a")), "string"), .bool(false)),
    .init("timestamp is timestamp", Operators.isType(T.time(2025, 1, 1), "timestamp"), .bool(true)),
    .init("duration is duration", Operators.isType(T.duration(1), "duration"), .bool(true)),
    .init(
      "latlng is latlng", Operators.isType(T.namespace("latlng", "value", .int(1), .int(2)), "latlng"),
      .bool(true)),
    .init("null is null", Operators.isType(.null, "null"), .error(.unknownTypeName("null"))),
    .init(
      "diff is map_diff", Operators.isType(.mapDiff(MapDiff(left: [:], right: [:])), "map_diff"), .bool(true)),
    .init("1 is constraint", Operators.isType(.int(1), "constraint"), .bool(false)),
    .init("null is map", Operators.isType(.null, "map"), .bool(false)),
    .init("diff is map", Operators.isType(.mapDiff(MapDiff(left: [:], right: [:])), "map"), .bool(false)),
    .init("1 is integer", Operators.isType(.int(1), "integer"), .error(.unknownTypeName("integer"))),
  ]

  @Test(arguments: equalityRows) func equality(_ row: ConformanceCase) { row.check() }
  @Test(arguments: orderingRows) func ordering(_ row: ConformanceCase) { row.check() }
  @Test(arguments: membershipRows) func membership(_ row: ConformanceCase) { row.check() }
  @Test(arguments: typeTestsRows) func typeTests(_ row: ConformanceCase) { row.check() }
}
