import RulesSyntax
import Testing

/// `Expression.forEachChild` against `Expression.children`, and the UTF-8 check's word-at-a-time
/// ASCII scan against the byte offsets it must report.
@Suite struct TraversalTests {
  /// Every expression kind, nested, in one condition.
  static let condition =
    "!(a[1] in [b, -c, {'k': d}]) && e.f(g, h[1:2], i[:3]) "
    + "|| (j is string ? /p/$(k)/q : l[m:]) || 1.5 > 2 && null == b'x' && true && n['s'] == 0"

  @Test func forEachChildVisitsWhatChildrenLists() throws {
    let file = RulesParser.parse(
      "service firebase.storage { match /{x} { allow read: if \(Self.condition); } }")
    #expect(!file.hasSyntaxErrors)
    guard case .service(let service) = try #require(file.statements.first).kind,
      case .match(let block) = try #require(service.body.first).kind,
      case .allow(let allow) = try #require(block.body.first).kind
    else {
      Issue.record("unexpected statement shape")
      return
    }
    var pending = [try #require(allow.condition)]
    var visited = 0
    while let node = pending.popLast() {
      visited += 1
      var walked: [SourceRange] = []
      node.forEachChild { walked.append($0.range) }
      #expect(walked == node.children.map(\.range), "children of the node at \(node.range)")
      pending += node.children
    }
    #expect(visited > 40)
  }

  @Test(arguments: 0..<24)
  func invalidByteAfterAnASCIIRunIsFoundWhereItIs(_ offset: Int) {
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
    bytes[offset] = 0xFF
    #expect(UTF8Validation.firstInvalidOffset(bytes) == offset)
    // A valid two-byte scalar before it changes nothing.
    if offset >= 2 {
      bytes[offset - 2] = 0xC3
      bytes[offset - 1] = 0xA9
      #expect(UTF8Validation.firstInvalidOffset(bytes) == offset)
    }
  }

  @Test func truncatedSequenceAtTheEndOfALongASCIIRunIsFound() {
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 17) + [0xE2, 0x82]
    #expect(UTF8Validation.firstInvalidOffset(bytes) == 17)
    #expect(UTF8Validation.firstInvalidOffset(bytes + [0xAC]) == nil)
    #expect(UTF8Validation.firstInvalidOffset([]) == nil)
  }
}
