import Foundation
import RulesLint
import RulesReport
import Testing

/// `docs/rules.md` is generated from the descriptors; this keeps it in sync.
/// `UPDATE_GOLDEN=1 swift test --filter RulesDocumentationTests` regenerates it.
@Suite struct RulesDocumentationTests {
  static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs/rules.md")

  @Test func docsRulesMarkdownIsUpToDate() throws {
    let generated = RuleDocumentation().render(.standard)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try Data(generated.utf8).write(to: Self.url, options: .atomic)
      return
    }
    let current = try String(contentsOf: Self.url, encoding: .utf8)
    #expect(
      current == generated,
      "docs/rules.md is out of date; regenerate it with UPDATE_GOLDEN=1 swift test --filter RulesDocumentationTests"
    )
  }

  @Test func everyRuleHasASectionAndARow() {
    let generated = RuleDocumentation().render(.standard)
    for descriptor in RuleCatalogue.standard.descriptors {
      #expect(generated.contains("## \(descriptor.code) \(descriptor.name)\n"))
      #expect(
        generated.contains("| [\(descriptor.code)](#\(descriptor.code.lowercased())-\(descriptor.name)) |"))
    }
  }
}
