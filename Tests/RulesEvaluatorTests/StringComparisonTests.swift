import RulesEvaluator
import RulesSemantics
import Testing

private typealias T = Conformance

/// Strings compare like Java's (decisions.md §15): by code units, never by Unicode canonical
/// equivalence. `composed` is U+00E9, `decomposed` is `e` + U+0301; Swift's `==` calls them
/// equal, production does not. Row names spell them with escapes.
@Suite struct StringComparisonTests {
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"
  /// `{'\u00e9': 1, 'e\u0301': 2}`, built by assignment: a dictionary literal would trap, not
  /// fail, if the keys were equal.
  static let both: Value = {
    var map: [MapKey: Value] = [:]
    map[MapKey(composed)] = .int(1)
    map[MapKey(decomposed)] = .int(2)
    return .map(map)
  }()
  static let onlyComposed: Value = .map([MapKey(composed): .int(1)])

  static func string(_ text: String, _ name: String, _ arguments: Value...) -> Value {
    Builtins.method(.string(text), name, arguments, regexes: T.regexes)
  }

  static let equalityRows: [ConformanceCase] = [
    .init(
      "'\\u00e9' == 'e\\u0301' is false", T.binary(.string(composed), .equal, .string(decomposed)),
      .bool(false)),
    .init(
      "'\\u00e9' != 'e\\u0301'", T.binary(.string(composed), .notEqual, .string(decomposed)), .bool(true)),
    .init(
      "'e\\u0301' == 'e\\u0301'", T.binary(.string(decomposed), .equal, .string(decomposed)), .bool(true)),
    .init(
      "'\\u212A' (Kelvin sign) != 'K'", T.binary(.string("\u{212A}"), .notEqual, .string("K")), .bool(true)),
    .init(
      "['\\u00e9'] != ['e\\u0301']", T.binary(T.strings(composed), .notEqual, T.strings(decomposed)),
      .bool(true)),
    .init(
      "{'\\u00e9': 1} != {'e\\u0301': 1}",
      T.binary(onlyComposed, .notEqual, .map([MapKey(decomposed): .int(1)])), .bool(true)),
    .init(
      "{'k': '\\u00e9'} != {'k': 'e\\u0301'}",
      T.binary(.map(["k": .string(composed)]), .notEqual, .map(["k": .string(decomposed)])), .bool(true)),
    .init("{'\\u00e9': 1, 'e\\u0301': 2} == itself", T.binary(both, .equal, both), .bool(true)),
    .init(
      "['\\u00e9'].toSet() != ['e\\u0301'].toSet()",
      T.binary(T.stringSet(composed), .notEqual, T.stringSet(decomposed)), .bool(true)),
    .init(
      "path('caf\\u00e9') != path('cafe\\u0301')",
      T.binary(
        T.global("path", .string("caf" + composed)), .notEqual, T.global("path", .string("caf" + decomposed))),
      .bool(true)),
  ]

  static let orderingRows: [ConformanceCase] = [
    // Java compares UTF-16 code units: U+1F600 is D83D DE00, and 0xD83D < 0xFF61.
    .init("'\\uFF61' > '😀'", T.binary(.string("\u{FF61}"), .greater, .string("😀")), .bool(true)),
    .init("'😀' < '\\uE000'", T.binary(.string("😀"), .less, .string("\u{E000}")), .bool(true)),
    .init(
      "'e\\u0301' < '\\u00e9' (0x65 < 0xE9)", T.binary(.string(decomposed), .less, .string(composed)),
      .bool(true)),
    .init(
      "'\\u00e9' <= 'e\\u0301' is false", T.binary(.string(composed), .lessOrEqual, .string(decomposed)),
      .bool(false)),
    .init(
      "'\\u00e9' >= 'e\\u0301'", T.binary(.string(composed), .greaterOrEqual, .string(decomposed)),
      .bool(true)),
    .init(
      "'e\\u0301' < 'e\\u0301' is false", T.binary(.string(decomposed), .less, .string(decomposed)),
      .bool(false)),
  ]

  static let membershipRows: [ConformanceCase] = [
    .init(
      "'e\\u0301' in ['\\u00e9'] is false", T.binary(.string(decomposed), .membership, T.strings(composed)),
      .bool(false)),
    .init(
      "'\\u00e9' in ['e\\u0301', '\\u00e9']",
      T.binary(.string(composed), .membership, T.strings(decomposed, composed)),
      .bool(true)),
    .init(
      "'K' in ['\\u212A'] is false", T.binary(.string("K"), .membership, T.strings("\u{212A}")), .bool(false)),
    .init(
      "'e\\u0301' in {'\\u00e9': 1} is false", T.binary(.string(decomposed), .membership, onlyComposed),
      .bool(false)),
    .init(
      "'e\\u0301' in {'\\u00e9': 1, 'e\\u0301': 2}", T.binary(.string(decomposed), .membership, both),
      .bool(true)),
    .init(
      "'e\\u0301' in ['\\u00e9'].toSet() is false",
      T.binary(.string(decomposed), .membership, T.stringSet(composed)),
      .bool(false)),
  ]

  static let mapRows: [ConformanceCase] = [
    .init("{'\\u00e9': 1, 'e\\u0301': 2}.size() == 2", T.call(both, "size"), .int(2)),
    .init("keys() in code-point order", T.call(both, "keys"), T.strings(decomposed, composed)),
    .init("values() with no written order in key order", T.call(both, "values"), .list([.int(2), .int(1)])),
    .init("get('e\\u0301', 0)", T.call(both, "get", .string(decomposed), .int(0)), .int(2)),
    .init(
      "{'\\u00e9': 1}.get('e\\u0301', 0)", T.call(onlyComposed, "get", .string(decomposed), .int(0)), .int(0)),
    .init(
      "{'k': {'\\u00e9': 1}}.get(['k', 'e\\u0301'], 0)",
      T.call(.map(["k": onlyComposed]), "get", T.strings("k", decomposed), .int(0)), .int(0)),
    .init("m['e\\u0301']", Operators.index(both, .string(decomposed)), .int(2)),
    .init(
      "{'\\u00e9': 1}['e\\u0301']", Operators.index(onlyComposed, .string(decomposed)),
      .error(.undefinedProperty(decomposed))),
    .init("m.<e\\u0301>", Operators.member(both, decomposed), .int(2)),
    .init(
      "{'\\u00e9': 1}.<e\\u0301>", Operators.member(onlyComposed, decomposed),
      .error(.undefinedProperty(decomposed))),
    .init(
      "diff addedKeys", diff(onlyComposed, [MapKey(decomposed): .int(1)], "addedKeys"), T.stringSet(composed)),
    .init(
      "diff removedKeys", diff(onlyComposed, [MapKey(decomposed): .int(1)], "removedKeys"),
      T.stringSet(decomposed)),
    .init("diff unchangedKeys", diff(onlyComposed, [MapKey(decomposed): .int(1)], "unchangedKeys"), T.set()),
    .init(
      "diff affectedKeys", diff(onlyComposed, [MapKey(decomposed): .int(1)], "affectedKeys"),
      T.stringSet(decomposed, composed)),
    .init(
      "diff changedKeys of '\\u00e9' and 'e\\u0301' values",
      diff(.map(["k": .string(composed)]), ["k": .string(decomposed)], "changedKeys"), T.stringSet("k")),
  ]

  static func diff(_ left: Value, _ right: [MapKey: Value], _ name: String) -> Value {
    T.call(T.call(left, "diff", .map(right)), name)
  }

  static let collectionRows: [ConformanceCase] = [
    .init(
      "['\\u00e9', 'e\\u0301'].toSet().size()",
      T.call(T.call(T.strings(composed, decomposed), "toSet"), "size"), .int(2)),
    .init(
      "['\\u00e9'].hasAny(['e\\u0301'])", T.call(T.strings(composed), "hasAny", T.strings(decomposed)),
      .bool(false)),
    .init(
      "['\\u00e9'].hasAll(['e\\u0301'])", T.call(T.strings(composed), "hasAll", T.strings(decomposed)),
      .bool(false)),
    .init(
      "['\\u00e9'].hasOnly(['e\\u0301'])", T.call(T.strings(composed), "hasOnly", T.strings(decomposed)),
      .bool(false)),
    .init(
      "['\\u00e9', 'e\\u0301'].removeAll(['\\u00e9'])",
      T.call(T.strings(composed, decomposed), "removeAll", T.strings(composed)),
      T.strings(decomposed)),
    .init(
      "['\\u00e9'].toSet().hasAny(['e\\u0301'])",
      T.call(T.stringSet(composed), "hasAny", T.strings(decomposed)), .bool(false)),
    .init(
      "['\\u00e9'].toSet().hasAll(['e\\u0301'])",
      T.call(T.stringSet(composed), "hasAll", T.strings(decomposed)), .bool(false)),
    .init(
      "['\\u00e9'].toSet().hasOnly(['e\\u0301'])",
      T.call(T.stringSet(composed), "hasOnly", T.strings(decomposed)), .bool(false)),
    .init(
      "difference", T.call(T.stringSet(composed, decomposed), "difference", T.stringSet(composed)),
      T.stringSet(decomposed)),
    .init(
      "intersection", T.call(T.stringSet(composed, decomposed), "intersection", T.stringSet(decomposed)),
      T.stringSet(decomposed)),
    .init(
      "union", T.call(T.stringSet(composed), "union", T.stringSet(decomposed)),
      T.stringSet(composed, decomposed)),
    .init(
      "union size", T.call(T.call(T.stringSet(composed), "union", T.stringSet(decomposed)), "size"), .int(2)),
  ]

  static let stringRows: [ConformanceCase] = [
    .init("'\\u00e9'.size()", string(composed, "size"), .int(1)),
    .init("'e\\u0301'.size()", string(decomposed, "size"), .int(2)),
    .init("'E\\u0301'.lower() stays decomposed", string("E\u{301}", "lower"), .string(decomposed)),
    .init("'\\u00c9'.lower() is unchanged", string("\u{C9}", "lower"), .string("\u{C9}")),
    .init("'e\\u0301'.upper() stays decomposed", string(decomposed, "upper"), .string("E\u{301}")),
    .init("'\\u212A'.lower() (Kelvin sign) is unchanged", string("\u{212A}", "lower"), .string("\u{212A}")),
    .init("'ΟΔΟΣ'.lower() is unchanged", string("ΟΔΟΣ", "lower"), .string("ΟΔΟΣ")),
    .init("'\\u00e9'.matches('e\\u0301')", string(composed, "matches", .string(decomposed)), .bool(false)),
    .init("'e\\u0301'.matches('e\\u0301')", string(decomposed, "matches", .string(decomposed)), .bool(true)),
    .init(
      "'e\\u0301'.matches('.') (two code points)", string(decomposed, "matches", .string(".")), .bool(false)),
    .init("'e\\u0301'.matches('..')", string(decomposed, "matches", .string("..")), .bool(true)),
    .init("'\\u00e9'.matches('.')", string(composed, "matches", .string(".")), .bool(true)),
    .init(
      "'x\\u00e9y'.split('e\\u0301')", string("x\(composed)y", "split", .string(decomposed)),
      T.strings("x\(composed)y")),
    .init(
      "'xe\\u0301y'.split('e\\u0301')", string("x\(decomposed)y", "split", .string(decomposed)),
      T.strings("x", "y")),
    .init(
      "'caf\\u00e9'.replace('e\\u0301', 'E')",
      string("caf" + composed, "replace", .string(decomposed), .string("E")),
      .string("caf" + composed)),
    .init(
      "'cafe\\u0301'.replace('e\\u0301', 'E')",
      string("caf" + decomposed, "replace", .string(decomposed), .string("E")),
      .string("cafE")),
  ]

  @Test(arguments: equalityRows) func equality(_ row: ConformanceCase) { row.check() }
  @Test(arguments: orderingRows) func ordering(_ row: ConformanceCase) { row.check() }
  @Test(arguments: membershipRows) func membership(_ row: ConformanceCase) { row.check() }
  @Test(arguments: mapRows) func maps(_ row: ConformanceCase) { row.check() }
  @Test(arguments: collectionRows) func collections(_ row: ConformanceCase) { row.check() }
  @Test(arguments: stringRows) func strings(_ row: ConformanceCase) { row.check() }

  /// The same through the lexer's escapes, the compiler and the evaluator.
  static let expressionRows: [ExpressionCase] = [
    ExpressionCase(#"'\u00e9' == 'e\u0301'"#, .bool(false)),
    ExpressionCase(#"'\u00e9' == '\u00e9'"#, .bool(true)),
    ExpressionCase(#"{'\u00e9': 1, 'e\u0301': 2}.size()"#, .int(2)),
    ExpressionCase(#"{'\u00e9': 1, 'e\u0301': 2}['e\u0301']"#, .int(2)),
    ExpressionCase(#"{'\u00e9': 1, 'e\u0301': 2}.keys() == ['e\u0301', '\u00e9']"#, .bool(true)),
    ExpressionCase(#"'e\u0301' in {'\u00e9': 1}"#, .bool(false)),
    ExpressionCase(#"x in {'\u00e9': 1}"#, ["x": .string(decomposed)], .bool(false)),
    ExpressionCase(#"'\uFF61' > '😀'"#, .bool(true)),
    ExpressionCase(#"['\u00e9', 'e\u0301'].toSet().size()"#, .int(2)),
    ExpressionCase(#"path('caf\u00e9') == path('cafe\u0301')"#, .bool(false)),
    ExpressionCase(
      "/a/$(x)", ["x": .string("b/\u{301}c")], .path(PathValue(segments: ["a", "b/\u{301}c"]))),
  ]

  @Test(arguments: expressionRows) func expressions(_ row: ExpressionCase) { ExpressionTests().check(row) }

  @Test func firestoreDocumentsAreTwoByCodeUnits() {
    var firestore = FirestoreDocuments()
    firestore.documents[MapKey("/databases/(default)/documents/users/" + Self.composed)] = ["v": .int(1)]
    firestore.documents[MapKey("/databases/(default)/documents/users/" + Self.decomposed)] = ["v": .int(2)]
    let read = "firestore.get(/databases/(default)/documents/users/$(x)).data.v"
    for (name, expected) in [(Self.composed, 1), (Self.decomposed, 2)] {
      let value = CompiledRuleset.evaluate(read, bindings: ["x": .string(name)], firestore: firestore)
      #expect(value.rulesEquals(.int(Int64(expected))), "\(value.displayText)")
    }
    // Two distinct documents (one key would give 3 or 6); the repeat of the first is free.
    let three =
      "\(read) + firestore.get(/databases/(default)/documents/users/$(y)).data.v "
      + "+ firestore.get(/databases/(default)/documents/users/$(x)).data.v"
    let value = CompiledRuleset.evaluate(
      three, bindings: ["x": .string(Self.composed), "y": .string(Self.decomposed)], firestore: firestore)
    #expect(value.rulesEquals(.int(4)), "\(value.displayText)")
  }

  @Test func matchLiteralsCompareByCodeUnits() {
    let ruleset = CompiledRuleset(
      source:
        "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /caf\u{E9} { allow get; } } }",
      path: "unicode.rules")
    let time = Timestamp(seconds: 0, nanos: 0)
    let precomposed = Request(method: .get, bucket: "b", path: "caf" + Self.composed, time: time)
    let decomposed = Request(method: .get, bucket: "b", path: "caf" + Self.decomposed, time: time)
    #expect(ruleset.decide(precomposed).allowed)
    #expect(!ruleset.decide(decomposed).allowed)
  }

  @Test func mapKeysAndPathsHashByCodeUnits() {
    #expect(MapKey(Self.composed) != MapKey(Self.decomposed))
    #expect(MapKey("\u{212A}") != "K")
    #expect(MapKey(Self.decomposed) < MapKey(Self.composed))
    #expect(Set([MapKey(Self.composed), MapKey(Self.decomposed), MapKey(Self.composed)]).count == 2)
    let long = String(repeating: "x", count: 40)
    #expect(MapKey(long + Self.composed) == MapKey(String(long + Self.composed)))
    #expect(MapKey(long + Self.composed) != MapKey(long + Self.decomposed))
    let paths = [PathValue(segments: [Self.composed]), PathValue(segments: [Self.decomposed])]
    #expect(paths[0] != paths[1])
    #expect(Set(paths).count == 2)
  }

  @Test func regexCacheKeepsBothSpellingsApart() throws {
    let cache = RegexCache()
    #expect(try cache.pattern(Self.composed).get().matchesWhole(Self.composed))
    #expect(try cache.pattern(Self.decomposed).get().matchesWhole(Self.decomposed))
    #expect(try !cache.pattern(Self.decomposed).get().matchesWhole(Self.composed))
    #expect(cache.count == 2)
  }
}
