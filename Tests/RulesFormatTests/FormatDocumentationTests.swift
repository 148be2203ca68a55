import Foundation
import Testing

/// The before/after example of docs/formatting.md is what the formatter prints.
@Suite struct FormatDocumentationTests {
  /// The first fenced block of `page` after the line starting with `marker`.
  static func block(after marker: String, in page: String) throws -> String {
    let start = try #require(page.range(of: "\n" + marker))
    let open = try #require(page.range(of: "```\n", range: start.upperBound..<page.endIndex))
    let close = try #require(page.range(of: "\n```\n", range: open.upperBound..<page.endIndex))
    return String(page[open.upperBound..<close.lowerBound]) + "\n"
  }

  @Test func theBeforeAndAfterExampleIsTheFormattersOutput() throws {
    let url = FormatCase.repository.appendingPathComponent("docs/formatting.md")
    let page = try String(contentsOf: url, encoding: .utf8)
    let before = try Self.block(after: "Before:", in: page)
    let after = try Self.block(after: "After `rulescheck format`:", in: page)
    #expect(before != after)
    #expect(Layout.format(before) == after)
    #expect(Layout.format(after) == after)
  }
}
