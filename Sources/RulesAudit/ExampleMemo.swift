/// ``ContentTypeExamples`` memoised by text, for one walk (not shared across threads). A hit
/// must have the same bytes: `String` keys compare by canonical equivalence.
final class ExampleMemo {
  private var examples: [String: (text: String, found: [String])] = [:]
  private var families: [String: (text: String, found: [String])] = [:]

  func examples(of text: String) -> [String] {
    Self.memoised(text, in: &examples, ContentTypeExamples.examples(of:))
  }

  func familyExamples(of text: String) -> [String] {
    Self.memoised(text, in: &families, ContentTypeExamples.familyExamples(of:))
  }

  private static func memoised(
    _ text: String, in memo: inout [String: (text: String, found: [String])], _ work: (String) -> [String]
  ) -> [String] {
    if let known = memo[text] {
      if sameBytes(known.text, text) { return known.found }
      return work(text)
    }
    let found = work(text)
    memo[text] = (text, found)
    return found
  }

  /// Whether `left` and `right` have the same UTF-8 bytes.
  static func sameBytes(_ left: String, _ right: String) -> Bool { left.hasSameUTF8(as: right) }
}
