import RulesEvaluator
import Testing

private typealias T = Conformance

@Suite struct BuiltinMapTests {
  static let map: Value = .map(["b": .int(2), "a": .int(1), "c": .string("x")])
  static let nested: Value = .map(["a": .map(["b": .int(1)]), "s": .string("leaf"), "n": .null])

  static func diff(_ left: [MapKey: Value], _ right: [MapKey: Value], _ name: String) -> Value {
    T.call(T.call(.map(left), "diff", .map(right)), name)
  }

  static let mapRows: [ConformanceCase] = [
    .init("size", T.call(map, "size"), .int(3)),
    .init("keys in key order", T.call(map, "keys"), T.strings("a", "b", "c")),
    .init(
      "values of a map with no written order in key order", T.call(map, "values"),
      .list([.int(1), .int(2), .string("x")])),
    .init(
      "values in written order",
      T.call(.map([MapKey("b", position: 0): .int(2), MapKey("a", position: 1): .int(1)]), "values"),
      .list([.int(2), .int(1)])),
    .init(
      "keys by code points (production), not UTF-16",
      T.call(.map(["\u{FF5E}": .null, "😀": .null, "Z": .null]), "keys"), T.strings("Z", "\u{FF5E}", "😀")),
    .init("{}.keys()", T.call(.map([:]), "keys"), .list([])),
    .init("get present", T.call(map, "get", .string("a"), .int(7)), .int(1)),
    .init("get absent", T.call(map, "get", .string("z"), .int(7)), .int(7)),
    .init("get of a null value", T.call(nested, "get", .string("n"), .int(7)), .null),
    .init("get(['a','b'], 7)", T.call(nested, "get", T.strings("a", "b"), .int(7)), .int(1)),
    .init("get(['a'], 7)", T.call(nested, "get", T.strings("a"), .int(7)), .map(["b": .int(1)])),
    .init("get(['a','z'], 7)", T.call(nested, "get", T.strings("a", "z"), .int(7)), .int(7)),
    .init("get(['z','b'], 7)", T.call(nested, "get", T.strings("z", "b"), .int(7)), .int(7)),
    .init(
      "get through a string gives the default", T.call(nested, "get", T.strings("s", "b"), .int(7)), .int(7)),
    .init("get through null gives the default", T.call(nested, "get", T.strings("n", "b"), .int(7)), .int(7)),
    .init("get([], 7) is the map", T.call(map, "get", .list([]), .int(7)), map),
    .init(
      "get(1, 7)", T.call(map, "get", .int(1), .int(7)),
      T.unsupported("map.get(int, int)", "map.get(string, any), map.get(list, any)")),
    .init(
      "get('a')", T.call(map, "get", .string("a")),
      T.argumentCount(1, "map.get(string, any), map.get(list, any)")),
    .init(
      "diff", T.call(map, "diff", .map([:])),
      .mapDiff(MapDiff(left: ["b": .int(2), "a": .int(1), "c": .string("x")], right: [:]))),
    .init("diff(null)", T.call(map, "diff", .null), T.unsupported("map.diff(null)", "map.diff(map)")),
    .init("map.hasAll is not a map method", T.call(map, "hasAll", T.strings("a")), T.notFound("hasAll")),
    .init("map.size(1)", T.call(map, "size", .int(1)), T.argumentCount(1, "map.size()")),
  ]

  static let left: [MapKey: Value] = [
    "owner": .string("alice"), "label": .string("new"), "tag": .string("x"),
  ]
  static let right: [MapKey: Value] = [
    "owner": .string("alice"), "label": .string("old"), "gone": .string("y"),
  ]

  static let diffRows: [ConformanceCase] = [
    .init("addedKeys", diff(left, right, "addedKeys"), T.stringSet("tag")),
    .init("removedKeys", diff(left, right, "removedKeys"), T.stringSet("gone")),
    .init("changedKeys", diff(left, right, "changedKeys"), T.stringSet("label")),
    .init("unchangedKeys", diff(left, right, "unchangedKeys"), T.stringSet("owner")),
    .init("affectedKeys", diff(left, right, "affectedKeys"), T.stringSet("gone", "label", "tag")),
    .init(
      "int and equal float are unchanged", diff(["x": .int(1)], ["x": .float(1)], "changedKeys"), T.set()),
    .init(
      "[1] and [1.0] are unchanged",
      diff(["x": .list([.int(1)])], ["x": .list([.float(1)])], "unchangedKeys"), T.stringSet("x")),
    .init(
      "NaN and NaN are unchanged", diff(["x": .float(.nan)], ["x": .float(.nan)], "changedKeys"), T.set()),
    .init("1 and 2.0 changed", diff(["x": .int(1)], ["x": .float(2)], "changedKeys"), T.stringSet("x")),
    .init("empty diff", diff([:], [:], "affectedKeys"), T.set()),
    .init(
      "addedKeys(1)", T.call(T.call(.map([:]), "diff", .map([:])), "addedKeys", .int(1)),
      T.argumentCount(1, "map_diff.addedKeys()")),
    .init("diff.size()", diff([:], [:], "size"), T.notFound("size")),
  ]

  @Test(arguments: mapRows) func maps(_ row: ConformanceCase) { row.check() }
  @Test(arguments: diffRows) func mapDiffs(_ row: ConformanceCase) { row.check() }
}
