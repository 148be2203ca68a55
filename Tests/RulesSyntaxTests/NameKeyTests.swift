import RulesSyntax
import Testing

/// `NameKey` and `String.hasSameUTF8(as:)`, which the analysis' name tables and the memos
/// keyed by text rely on.
@Suite("Names hashed once, texts compared by their bytes")
struct NameKeyTests {
  static let names = [
    "", "a", "b", "request", "resource", "auth", "uid", "isSignedIn", "isSignedIn2", "canWrite10",
    "canWrite01", "é", "e\u{301}", "\u{212A}", "K", "a-very-long-function-name-past-the-small-form",
  ]

  @Test("keys are equal exactly when their names have the same bytes, and equal keys hash alike")
  func equality() {
    for left in Self.names {
      for right in Self.names {
        let same = left.utf8.elementsEqual(right.utf8)
        #expect((NameKey(left) == NameKey(right)) == same, "\(left) vs \(right)")
        if same { #expect(NameKey(left).tableHash == NameKey(right).tableHash) }
      }
    }
  }

  @Test("a table of names finds what a dictionary finds, canonical equivalents kept apart")
  func tableAgreesWithBytes() {
    var table = KeyedTable<NameKey, Int>()
    for (index, name) in Self.names.enumerated() { table[NameKey(name)] = index }
    for (index, name) in Self.names.enumerated() { #expect(table[NameKey(name)] == index) }
    #expect(table[NameKey("requests")] == nil)
    #expect(table.count == Self.names.count)
  }

  @Test("a table built from a dictionary holds its entries in the given order")
  func tableFromDictionary() {
    let dictionary = ["request": 1, "resource": 2, "math": 3]
    let table = KeyedTable(dictionary)
    #expect(table.map(\.key.name) == ["math", "request", "resource"])
    for (name, value) in dictionary { #expect(table[NameKey(name)] == value) }
  }

  @Test("byte comparison agrees with the UTF-8 views, a difference at any position found")
  func sameUTF8() {
    for length in 0...20 {
      let base = String(repeating: "x", count: length)
      #expect(base.hasSameUTF8(as: String(repeating: "x", count: length)))
      #expect(!base.hasSameUTF8(as: base + "x"))
      for position in 0..<length {
        var bytes = Array(base.utf8)
        bytes[position] = UInt8(ascii: "y")
        #expect(
          !base.hasSameUTF8(as: String(decoding: bytes, as: UTF8.self)), "length \(length) at \(position)")
      }
    }
    for left in Self.names {
      for right in Self.names {
        #expect(left.hasSameUTF8(as: right) == left.utf8.elementsEqual(right.utf8), "\(left) vs \(right)")
      }
    }
  }
}
