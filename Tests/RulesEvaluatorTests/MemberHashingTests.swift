import RulesEvaluator
import Testing

/// Sets and the list `has` methods hash their elements once they are more than a few; hashing
/// must never change an answer, so each is checked against a plain search by the same
/// equality over values chosen to sit on its edges.
@Suite struct MemberHashingTests {
  static let edgeValues: [Value] = [
    .int(1), .float(1), .float(0), .float(-0.0), .float(.nan), .float(.nan), .int(1 << 53 + 1),
    .float(Double(1 << 53)), .int(1 << 53), .int(.max), .float(Double(Int64.max)), .string("\u{e9}"),
    .string("e\u{301}"), .string(""), .null, .bool(true), .bool(false), .bytes([1]), .bytes([]),
    .list([.int(1)]), .list([.float(1)]), .list([.float(0)]), .list([.float(-0.0)]),
    .map(["a": .int(1)]), .map(["a": .float(1)]), .map(["\u{e9}": .int(1)]), .map(["e\u{301}": .int(1)]),
    .set(ValueSet([.int(1), .int(2)])), .set(ValueSet([.float(2), .float(1)])),
    .mapDiff(MapDiff(left: ["a": .int(1)], right: [:])),
    .mapDiff(MapDiff(left: ["a": .float(1)], right: [:])),
    .path(PathValue(segments: ["a", "b"])), .path(PathValue(segments: ["a", "b"])),
    .timestamp(Timestamp(seconds: 1, nanos: 0)), .duration(RulesDuration(seconds: 1, nanos: 0)),
    .latlng(LatLng(latitude: 0, longitude: 0)), .latlng(LatLng(latitude: -0.0, longitude: 0)),
  ]

  /// Plain first-wins deduplication by set-member equality.
  static func linearSet(_ values: [Value]) -> [Value] {
    var kept: [Value] = []
    for value in values where !kept.contains(where: { $0.setMemberEquals(value) }) { kept.append(value) }
    return kept
  }

  @Test("a hashed set keeps what a linear one keeps, in the same order")
  func setDeduplication() {
    let values = Self.edgeValues + Self.edgeValues.reversed()
    let hashed = ValueSet(values).elements
    let linear = Self.linearSet(values)
    #expect(hashed.count == linear.count)
    #expect(zip(hashed, linear).allSatisfy { ConformanceCase.same($0, $1) })
  }

  @Test("a hashed set finds what a linear search finds", arguments: edgeValues)
  func setMembership(_ probe: Value) {
    let all = ValueSet(Self.edgeValues)
    #expect(all.contains(probe) == all.elements.contains { $0.setMemberEquals(probe) })
    let without = ValueSet(Self.edgeValues.filter { !$0.setMemberEquals(probe) })
    #expect(without.contains(probe) == without.elements.contains { $0.setMemberEquals(probe) })
  }

  @Test("list hasAny and removeAll over many elements match a linear search", arguments: edgeValues)
  func listMembership(_ probe: Value) {
    let others = Self.edgeValues.filter { !$0.listMemberEquals(probe) }
    // Over 64 comparisons, so the lists are hashed.
    let hasAny = Builtins.method(
      .list(others), "hasAny", [.list([probe] + others)], regexes: Conformance.regexes)
    #expect(ConformanceCase.same(hasAny, .bool(true)))
    let alone = Builtins.method(
      .list(others), "hasAny", [.list(Array(repeating: probe, count: 9))], regexes: Conformance.regexes)
    #expect(ConformanceCase.same(alone, .bool(others.contains { $0.listMemberEquals(probe) })))
    let removed = Builtins.method(
      .list(Self.edgeValues), "removeAll", [.list(others)], regexes: Conformance.regexes)
    let expected = Self.edgeValues.filter { value in !others.contains { $0.listMemberEquals(value) } }
    #expect(ConformanceCase.same(removed, .list(expected)))
  }
}
