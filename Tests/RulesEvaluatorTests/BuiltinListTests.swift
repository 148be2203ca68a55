import RulesEvaluator
import Testing

private typealias T = Conformance

@Suite struct BuiltinListTests {
  static let stringExpected =
    "string(int), string(float), string(null), string(string), string(bool), string(path)"

  static let ab = T.strings("a", "b")

  static let listRows: [ConformanceCase] = [
    .init("['a','b'].size()", T.call(ab, "size"), .int(2)),
    .init("[].size()", T.call(.list([]), "size"), .int(0)),
    .init("concat", T.call(ab, "concat", T.strings("c")), T.strings("a", "b", "c")),
    .init("concat keeps duplicates", T.call(ab, "concat", ab), T.strings("a", "b", "a", "b")),
    .init(
      "concat('c')", T.call(ab, "concat", .string("c")),
      T.unsupported("list.concat(string)", "list.concat(list)")),
    .init("hasAll", T.call(ab, "hasAll", T.strings("b", "a", "a")), .bool(true)),
    .init("hasAll with a missing element", T.call(ab, "hasAll", T.strings("a", "z")), .bool(false)),
    .init("hasAll([])", T.call(ab, "hasAll", .list([])), .bool(true)),
    .init("hasAny", T.call(ab, "hasAny", T.strings("z", "b")), .bool(true)),
    .init("hasAny none", T.call(ab, "hasAny", T.strings("z")), .bool(false)),
    .init("hasAny([])", T.call(ab, "hasAny", .list([])), .bool(false)),
    .init(
      "hasOnly ignores duplicates",
      T.call(T.strings("a", "a", "b"), "hasOnly", T.strings("a", "b", "b", "c")), .bool(true)),
    .init("hasOnly with an extra element", T.call(T.strings("a", "c"), "hasOnly", ab), .bool(false)),
    .init("[].hasOnly([])", T.call(.list([]), "hasOnly", .list([])), .bool(true)),
    .init(
      "[1].hasAny([1.0]) keeps types", T.call(.list([.int(1)]), "hasAny", .list([.float(1)])), .bool(false)),
    .init(
      "list.hasAny(set) is an error in production", T.call(ab, "hasAny", T.stringSet("a")),
      T.unsupported("list.hasAny(set)", "list.hasAny(list)")),
    .init(
      "list.hasAll(set)", T.call(ab, "hasAll", T.stringSet("a")),
      T.unsupported("list.hasAll(set)", "list.hasAll(list)")),
    .init(
      "list.hasOnly(set)", T.call(ab, "hasOnly", T.stringSet("a")),
      T.unsupported("list.hasOnly(set)", "list.hasOnly(list)")),
    .init("join", T.call(T.strings("a", "b", "c"), "join", .string(", ")), .string("a, b, c")),
    .init("[].join('-')", T.call(.list([]), "join", .string("-")), .string("")),
    .init(
      "['a', 1].join(',')", T.call(.list([.string("a"), .int(1)]), "join", .string(",")), .string("a,1")),
    .init(
      "['a', null].join(',')", T.call(.list([.string("a"), .null]), "join", .string(",")), .string("a,null")),
    .init(
      "[1.5, true].join(',')", T.call(.list([.float(1.5), .bool(true)]), "join", .string(",")),
      .string("1.5,true")),
    .init("[1.0].join(',')", T.call(.list([.float(1)]), "join", .string(",")), .string("1.0")),
    .init(
      "['a', path('/b')].join(',')",
      T.call(.list([.string("a"), T.global("path", .string("/b"))]), "join", .string(",")), .string("a,/b")),
    .init(
      "[[1]].join(',')", T.call(.list([.list([.int(1)])]), "join", .string(",")),
      T.unsupported("string(list)", stringExpected)),
    .init(
      "['a', {'b': 1}].join(',')", T.call(.list([.string("a"), .map(["b": .int(1)])]), "join", .string(",")),
      T.unsupported("string(map)", stringExpected)),
    .init(
      "['a', b'b'].join(',')", T.call(.list([.string("a"), .bytes([98])]), "join", .string(",")),
      T.unsupported("string(bytes)", stringExpected)),
    .init("join(1)", T.call(ab, "join", .int(1)), T.unsupported("list.join(int)", "list.join(string)")),
    .init("join()", T.call(ab, "join"), T.argumentCount(0, "list.join(string)")),
    .init(
      "removeAll", T.call(T.strings("b", "a", "b", "c"), "removeAll", T.strings("b")), T.strings("a", "c")),
    .init("removeAll([])", T.call(ab, "removeAll", .list([])), ab),
    .init(
      "removeAll keeps 1 when removing 1.0", T.call(.list([.int(1)]), "removeAll", .list([.float(1)])),
      .list([.int(1)])),
    .init(
      "removeAll(set)", T.call(ab, "removeAll", T.stringSet("a")),
      T.unsupported("list.removeAll(set)", "list.removeAll(list)")),
    .init("toSet dedupes", T.call(T.strings("a", "b", "a"), "toSet"), T.stringSet("a", "b")),
    .init(
      "toSet keeps the first of equal elements", T.call(.list([.int(1), .float(1)]), "toSet"), T.set(.int(1))),
    .init("toSet size", T.call(T.call(.list([.int(1), .float(1), .int(2)]), "toSet"), "size"), .int(2)),
    .init("toSet(1)", T.call(ab, "toSet", .int(1)), T.argumentCount(1, "list.toSet()")),
    .init(
      "list.difference(set) has no set algebra", T.call(ab, "difference", T.stringSet("a")),
      T.notFound("difference")),
    .init("list.keys()", T.call(ab, "keys"), T.notFound("keys")),
  ]

  @Test(arguments: listRows) func lists(_ row: ConformanceCase) { row.check() }
}
