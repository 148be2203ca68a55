import Testing

@testable import RulesEvaluator

/// `RequestField(name:)` finds the fields the synthesized `init(rawValue:)` finds, and no other.
@Suite struct RequestFieldNameTests {
  @Test func agreesWithTheRawValues() {
    let spellings = RequestField.allCases.map(\.rawValue)
    // Each spelling, and names one byte away from one: same length and first byte, other case.
    let others = spellings.flatMap { spelling in
      [spelling.uppercased(), String(spelling.dropLast()) + "x", spelling + "s", "x" + spelling.dropFirst()]
    }
    for name in spellings + others + ["", "a", "authx", "paths", "requests", "resourcE", "métho"] {
      #expect(RequestField(name: name) == RequestField(rawValue: name), "\(name)")
    }
    #expect(spellings.allSatisfy { RequestField(name: $0) != nil })
  }
}
