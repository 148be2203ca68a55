import RulesEvaluator
import Testing

private typealias T = Conformance

@Suite struct BuiltinSetTests {
  static let ab = T.stringSet("a", "b")

  static let setRows: [ConformanceCase] = [
    .init("size", T.call(ab, "size"), .int(2)),
    .init("[1, 1.0].toSet().size()", T.call(T.set(.int(1), .float(1)), "size"), .int(1)),
    .init("[NaN, NaN].toSet().size()", T.call(T.set(.float(.nan), .float(.nan)), "size"), .int(1)),
    .init("[0.0, -0.0].toSet().size()", T.call(T.set(.float(0), .float(-0.0)), "size"), .int(1)),
    .init(
      "[[1], [1.0]].toSet().size()", T.call(T.set(.list([.int(1)]), .list([.float(1)])), "size"), .int(1)),
    .init("hasAll(list)", T.call(ab, "hasAll", T.strings("a")), .bool(true)),
    .init("hasAll(set)", T.call(ab, "hasAll", T.stringSet("a", "b")), .bool(true)),
    .init("hasAll missing", T.call(ab, "hasAll", T.strings("a", "z")), .bool(false)),
    .init("hasAny(list)", T.call(ab, "hasAny", T.strings("z", "b")), .bool(true)),
    .init("hasAny(set) none", T.call(ab, "hasAny", T.stringSet("z")), .bool(false)),
    .init("hasAny with the equal float", T.call(T.set(.int(1)), "hasAny", .list([.float(1)])), .bool(true)),
    .init("hasOnly(list)", T.call(T.stringSet("a"), "hasOnly", T.strings("a", "b")), .bool(true)),
    .init("hasOnly extra", T.call(ab, "hasOnly", T.strings("a")), .bool(false)),
    .init(
      "hasAll(1)", T.call(ab, "hasAll", .int(1)),
      T.unsupported("set.hasAll(int)", "set.hasAll(set), set.hasAll(list)")),
    .init("difference", T.call(ab, "difference", T.stringSet("a", "c")), T.stringSet("b")),
    .init(
      "difference removes the equal float", T.call(T.set(.int(1)), "difference", T.set(.float(1))), T.set()),
    .init("intersection", T.call(ab, "intersection", T.stringSet("b", "c")), T.stringSet("b")),
    .init("intersection, none", T.call(ab, "intersection", T.stringSet("z")), T.set()),
    .init("union", T.call(ab, "union", T.stringSet("b", "c")), T.stringSet("a", "b", "c")),
    .init("union size", T.call(T.call(ab, "union", T.stringSet("b", "c")), "size"), .int(3)),
    .init(
      "difference(list) is an error in production", T.call(ab, "difference", T.strings("a")),
      T.unsupported("set.difference(list)", "set.difference(set)")),
    .init(
      "union(list)", T.call(ab, "union", T.strings("a")), T.unsupported("set.union(list)", "set.union(set)")),
    .init("union()", T.call(ab, "union"), T.argumentCount(0, "set.union(set)")),
    .init("set.join(',')", T.call(ab, "join", .string(",")), T.notFound("join")),
    .init("set.size(1)", T.call(ab, "size", .int(1)), T.argumentCount(1, "set.size()")),
  ]

  @Test(arguments: setRows) func sets(_ row: ConformanceCase) { row.check() }
}
