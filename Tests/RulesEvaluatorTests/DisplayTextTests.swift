import RulesEvaluator
import Testing

/// What renderers show of a value is cut to a length, in time that does not depend on the
/// value's size.
@Suite struct DisplayTextTests {
  @Test(
    "small values show whole, as displayText spells them",
    arguments: [
      Value.list([.string("it's"), .int(1), .float(2), .null]),
      .map(["b": .bool(true), "a": .bytes([0xAB])]),
      .set(ValueSet([.string("x")])), .path(PathValue(segments: [])), .path(PathValue(segments: ["a", "b"])),
      .mapDiff(MapDiff(left: ["k": .int(1)], right: [:])), .error(.divideByZero),
    ])
  func smallValues(_ value: Value) {
    #expect(value.displayText(maximumBytes: 100) == value.displayText)
  }

  @Test("a long string is cut after the limit, on a character boundary")
  func longString() {
    let text = Value.string(String(repeating: "é", count: 1 << 20)).displayText(maximumBytes: 100)
    #expect(text.hasPrefix("'éé"))
    #expect(text.hasSuffix("…"))
    #expect(text.utf8.count <= 100 + "…".utf8.count)
  }

  @Test("a list holding a large list many times is cut, not walked")
  func nestedList() {
    let inner = Value.list(Array(repeating: .int(7), count: 100_000))
    let text = Value.list(Array(repeating: inner, count: 100_000)).displayText(maximumBytes: 4096)
    #expect(text.hasPrefix("[[7, 7"))
    #expect(text.utf8.count <= 4096 + "…".utf8.count)
  }

  @Test("a map too large to sort shows its size")
  func largeMap() {
    var map: [MapKey: Value] = [:]
    for index in 0..<1_001 { map[MapKey("k\(index)")] = .int(Int64(index)) }
    #expect(Value.map(map).displayText(maximumBytes: 4096) == "{… 1001 entries}")
    #expect(Value.map(map).displayText.hasPrefix("{'k0': 0, 'k1': 1, 'k10': 10"))
  }
}
