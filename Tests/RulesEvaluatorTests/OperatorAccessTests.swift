import RulesEvaluator
import Testing

private typealias T = Conformance

@Suite struct OperatorAccessTests {
  static let abcd = T.strings("a", "b", "c", "d")
  static let hello = Value.string("hello")
  static let path = T.global("path", .string("b/bucket/o/images/x.png"))

  static func outOfBound(_ index: Int64, _ size: Int) -> Value {
    .error(.indexOutOfBound(index: index, size: size))
  }
  static func illegal(_ from: Int64, _ to: Int64) -> Value { .error(.illegalRange(from: from, to: to)) }
  static func slice(_ base: Value, _ lower: Int64?, _ upper: Int64?) -> Value {
    Operators.range(base, lower: lower.map(Value.int), upper: upper.map(Value.int))
  }

  static let indexingRows: [ConformanceCase] = [
    .init("list[0]", Operators.index(abcd, .int(0)), .string("a")),
    .init("list[3]", Operators.index(abcd, .int(3)), .string("d")),
    .init("list[4]", Operators.index(abcd, .int(4)), outOfBound(4, 4)),
    .init("list[-1]", Operators.index(abcd, .int(-1)), outOfBound(-1, 4)),
    .init("list['a']", Operators.index(abcd, .string("a")), T.unsupported("list[string]", "list[int]")),
    .init("list[1.0]", Operators.index(abcd, .float(1)), T.unsupported("list[float]", "list[int]")),
    .init("'hello'[1]", Operators.index(hello, .int(1)), .string("e")),
    .init("'hello'[5]", Operators.index(hello, .int(5)), outOfBound(5, 5)),
    .init("'a😀'[1] is half a surrogate pair", Operators.index(.string("a😀"), .int(1)), .string("\u{FFFD}")),
    .init("'a😀'[3] (UTF-16 units)", Operators.index(.string("a😀"), .int(3)), outOfBound(3, 3)),
    .init("map['a']", Operators.index(.map(["a": .int(1)]), .string("a")), .int(1)),
    .init("map['z']", Operators.index(.map(["a": .int(1)]), .string("z")), .error(.undefinedProperty("z"))),
    .init("map[1]", Operators.index(.map([:]), .int(1)), T.unsupported("map[int]", "map[string]")),
    .init("path[0]", Operators.index(path, .int(0)), .string("b")),
    .init("path[4]", Operators.index(path, .int(4)), .string("x.png")),
    .init("path[5]", Operators.index(path, .int(5)), outOfBound(5, 5)),
    .init(
      "path['name'] (no bindings)", Operators.index(path, .string("name")),
      T.unsupported("path[string]", "path[int]")),
    .init("null[0]", Operators.index(.null, .int(0)), .error(.nullValue)),
    .init(
      "b'abc'[0]", Operators.index(.bytes([97]), .int(0)), T.error("Function not found error: Name: [[]].")),
    .init(
      "[1, 2].toSet()[0]", Operators.index(T.set(.int(1), .int(2)), .int(0)),
      T.error("Function not found error: Name: [[]].")),
  ]

  /// Production's verdicts (decisions.md §20): no clamping, `[0:0]` is an index error.
  static let rangesRows: [ConformanceCase] = [
    .init("list[1:3]", slice(abcd, 1, 3), T.strings("b", "c")),
    .init("list[0:4]", slice(abcd, 0, 4), abcd),
    .init("list[3:4]", slice(abcd, 3, 4), T.strings("d")),
    .init("list[3:3] is empty", slice(abcd, 3, 3), .list([])),
    .init("list[1:1] is empty", slice(abcd, 1, 1), .list([])),
    .init("list[0:0]", slice(abcd, 0, 0), outOfBound(-1, 4)),
    .init("list[4:4]", slice(abcd, 4, 4), outOfBound(4, 4)),
    .init("list[1:0]", slice(abcd, 1, 0), outOfBound(-1, 4)),
    .init("list[3:1]", slice(abcd, 3, 1), illegal(3, 1)),
    .init("list[1:5]", slice(abcd, 1, 5), outOfBound(4, 4)),
    .init("list[-1:2]", slice(abcd, -1, 2), outOfBound(-1, 4)),
    .init("list[1:-1]", slice(abcd, 1, -1), outOfBound(-2, 4)),
    .init("list[:2]", slice(abcd, nil, 2), T.strings("a", "b")),
    .init("list[2:]", slice(abcd, 2, nil), T.strings("c", "d")),
    .init("list[:]", slice(abcd, nil, nil), abcd),
    .init("[][0:0]", slice(.list([]), 0, 0), outOfBound(0, 0)),
    .init("'hello'[1:4]", slice(hello, 1, 4), .string("ell")),
    .init("'hello'[4:5]", slice(hello, 4, 5), .string("o")),
    .init("'hello'[1:1]", slice(hello, 1, 1), .string("")),
    .init("'hello'[0:0]", slice(hello, 0, 0), outOfBound(-1, 5)),
    .init("'hello'[5:5]", slice(hello, 5, 5), outOfBound(5, 5)),
    .init("'hello'[2:1]", slice(hello, 2, 1), illegal(2, 1)),
    .init("'hello'[0:6]", slice(hello, 0, 6), outOfBound(5, 5)),
    .init("'abc'[2:2]", slice(.string("abc"), 2, 2), .string("")),
    .init("''[0:0]", slice(.string(""), 0, 0), outOfBound(0, 0)),
    .init("'😀x'[0:2] (UTF-16 units)", slice(.string("😀x"), 0, 2), .string("😀")),
    .init("'😀x'[2:3]", slice(.string("😀x"), 2, 3), .string("x")),
    .init("path[3:5]", slice(path, 3, 5), T.global("path", .string("images/x.png"))),
    .init(
      "list['a':2]", Operators.range(abcd, lower: .string("a"), upper: .int(2)),
      T.unsupported("list[string:int]", "list[int:int]")),
    .init("null[0:1]", slice(.null, 0, 1), .error(.nullValue)),
    .init(
      "{}[0:1]", slice(.map([:]), 0, 1), T.unsupported("map[int:int]", "list[int:int], string[int:int]")),
    .init(
      "b'abc'[0:1]", slice(.bytes([97, 98, 99]), 0, 1), T.error("Function not found error: Name: [@range].")),
    .init("set[0:1]", slice(T.set(.int(1)), 0, 1), T.error("Function not found error: Name: [@range].")),
  ]

  static let membersRows: [ConformanceCase] = [
    .init("{'a': 1}.a", Operators.member(.map(["a": .int(1)]), "a"), .int(1)),
    .init("{'a': null}.a", Operators.member(.map(["a": .null]), "a"), .null),
    .init(
      "{}.missing", Operators.member(.map([:]), "missing"),
      T.error("Property missing is undefined on object.")),
    .init("null.uid", Operators.member(.null, "uid"), T.error("Null value error.")),
    .init(
      "'abc'.size", Operators.member(.string("abc"), "size"),
      T.error("Type error. Received: [string] Expected: [map,path].")),
    .init(
      "{'a': 1}.a.b", Operators.member(.int(1), "b"),
      T.error("Type error. Received: [int] Expected: [map,path].")),
    .init(
      "latlng.lat", Operators.member(T.namespace("latlng", "value", .int(1), .int(2)), "lat"),
      T.error("Type error. Received: [latlng] Expected: [map,path].")),
    .init("path.name", Operators.member(path, "name"), .error(.undefinedProperty("name"))),
  ]

  @Test(arguments: indexingRows) func indexing(_ row: ConformanceCase) { row.check() }
  @Test(arguments: rangesRows) func ranges(_ row: ConformanceCase) { row.check() }
  @Test(arguments: membersRows) func members(_ row: ConformanceCase) { row.check() }
}
