import RulesReport
import Testing

@Suite struct JSONValueTests {
  private struct Sample: Encodable {
    var zebra = 1
    var apple: String? = nil
    var mango = [true, false]
    var nested = Inner()
    var empty: [Int] = []
    var ratio = 0.5
  }

  private struct Inner: Encodable {
    var list = [[1, 2], [3]]
    var text = "a"
  }

  @Test func keepsDeclarationOrderAndLeavesOutNilOptionals() throws {
    let value = try JSONValueEncoder().encode(Sample())
    #expect(
      value.serialized(.compact)
        == #"{"zebra":1,"mango":[true,false],"nested":{"list":[[1,2],[3]],"text":"a"},"empty":[],"ratio":0.5}"#
    )
  }

  @Test func prettyLayoutKeepsScalarOnlyContainersOnOneLine() throws {
    let value = try JSONValueEncoder().encode(Sample())
    #expect(
      value.serialized() == """
        {
          "zebra": 1,
          "mango": [true, false],
          "nested": {
            "list": [
              [1, 2],
              [3]
            ],
            "text": "a"
          },
          "empty": [],
          "ratio": 0.5
        }
        """)
  }

  @Test func escapesStrings() {
    let value = JSONValue.string("q\"b\\n\n\t\u{1}\u{1B}/é🙂\u{2028}")
    #expect(value.serialized() == #""q\"b\\n\n\t\u0001\u001b/é🙂\u2028""#)
  }

  @Test func encodesIntegralDoublesWithoutAFraction() throws {
    #expect(try JSONValueEncoder().encode([2.0, -3.25]).serialized(.compact) == "[2,-3.25]")
  }

  @Test func refusesNonFiniteNumbers() {
    #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.nan]) }
  }
}
