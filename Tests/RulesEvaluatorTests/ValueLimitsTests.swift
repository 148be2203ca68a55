import RulesEvaluator
import Testing

private typealias T = Conformance

/// Every cap on a value a request builds is an error value naming the limit and its value,
/// found before the value is built.
@Suite struct ValueLimitsTests {
  static let mebibyte = 1 << 20
  static let half = String(repeating: "a", count: mebibyte / 2 + 1)
  static let stringLimit = "exceeds rulescheck's 1 MiB string limit (1048576 UTF-8 bytes)."
  static let elementLimit = "exceeds rulescheck's limit of 100000 elements per list, map, set or path."

  static func strings(_ count: Int, _ prefix: String = "") -> Value {
    .list((0..<count).map { .string(prefix + String($0)) })
  }

  static let rows: [ConformanceCase] = [
    .init(
      "string + string", T.binary(.string(half), .add, .string(half)),
      T.error("string of 1048578 bytes \(stringLimit)")),
    .init(
      "string + string at the limit",
      T.call(T.binary(.string(half), .add, .string(String(half.dropLast(2)))), "size"),
      .int(Int64(mebibyte))),
    .init(
      "join", T.call(.list([.string(half), .string(half)]), "join", .string("")),
      T.error("string of 1048578 bytes \(stringLimit)")),
    .init(
      "join counts its separators", T.call(strings(3), "join", .string(half)),
      T.error("string of 1048581 bytes \(stringLimit)")),
    .init(
      "toUtf8", T.call(.string(String(repeating: "é", count: mebibyte / 2 + 1)), "toUtf8"),
      T.error("bytes value of 1048578 bytes exceeds rulescheck's 1 MiB bytes limit (1048576 bytes).")),
    .init(
      "toBase64", T.call(.bytes(Array(repeating: 0, count: 3 * mebibyte / 4 + 1)), "toBase64"),
      T.error("string of 1048580 bytes \(stringLimit)")),
    .init(
      "toHexString", T.call(.bytes(Array(repeating: 0, count: mebibyte / 2 + 1)), "toHexString"),
      T.error("string of 1048578 bytes \(stringLimit)")),
    .init(
      "concat", T.call(strings(60_000), "concat", strings(60_000)),
      T.error("list of 120000 elements \(elementLimit)")),
    .init(
      "union",
      T.call(
        .set(ValueSet(strings(60_000, "a").listElements)), "union",
        .set(ValueSet(strings(60_000, "b").listElements))),
      T.error("set of 120000 elements \(elementLimit)")),
    .init(
      "split into too many pieces",
      T.call(.string(String(repeating: "a", count: 100_000)), "split", .string("")),
      T.error(
        "split() would return more than 100000 pieces, rulescheck's limit of elements per list, map, set or path."
      )),
    .init(
      "split into as many pieces as a list may hold",
      T.call(T.call(.string(String(repeating: "a,", count: 99_999) + "a"), "split", .string(",")), "size"),
      .int(100_000)),
    .init(
      "replace with too many matches",
      T.call(
        .string(String(repeating: "a", count: 100_001)), "replace",
        .string("a"), .string("b")),
      T.error(
        "replace() found more than 100000 matches, rulescheck's limit of elements per list, map, set or path."
      )),
    .init(
      "path() with too many segments",
      T.global("path", .string(Array(repeating: "a", count: 100_001).joined(separator: "/"))),
      T.error("path of 100001 segments \(elementLimit)")),
    .init(
      "bind",
      T.call(
        .path(PathValue(segments: ["a", "{x}", "{y}"])), "bind",
        .map(["x": .string(half), "y": .string(half)])),
      T.error("path of 1048582 bytes \(stringLimit)")),
  ]

  @Test(arguments: rows) func caps(_ row: ConformanceCase) { row.check() }

  @Test("a path literal's interpolations are capped like a string")
  func pathInterpolation() {
    let value = CompiledRuleset.evaluate("/a/$(s)/$(s)", bindings: ["s": .string(Self.half)])
    #expect(value.errorMessage == "path of 1048582 bytes \(Self.stringLimit)")
  }

  @Test("a regular expression stopped at its match limit says which limit")
  func regexLimitNamesItself() {
    let value = T.call(.string(String(repeating: "a", count: 40) + "!"), "matches", .string("(a+)+$"))
    #expect(value.errorMessage?.contains("rulescheck's limit of 1000000 backtracking steps") == true)
  }
}

extension Value {
  fileprivate var listElements: [Value] {
    if case .list(let elements) = self { return elements }
    return []
  }

  fileprivate var errorMessage: String? {
    if case .error(let error) = self { return error.message }
    return nil
  }
}
