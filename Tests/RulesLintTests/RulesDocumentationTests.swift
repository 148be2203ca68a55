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

  @Test func everyParserAndSemanticDiagnosticHasASectionARowAndAnExplanation() throws {
    let generated = RuleDocumentation().render(.standard)
    #expect(generated.contains("\n# Parser and semantic diagnostics\n"))
    for documentation in AnalyzerDocumentation.all {
      let id = documentation.id
      #expect(generated.contains("\n## \(id.code) \(id.name)\n"))
      #expect(generated.contains("| [\(id.code)](#\(id.code.lowercased())-\(id.name)) |"))
      let text = RuleExplanationRenderer().text(documentation)
      #expect(text.hasPrefix("\(id.code)/\(id.name)  "))
      #expect(text.contains("Blocks deploy: \(id.blocksDeploy ? "yes" : "no")."))
      let json = RuleExplanationRenderer().json(documentation)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      #expect(object["code"] as? String == id.code && object["blocksDeploy"] as? Bool == id.blocksDeploy)
    }
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
