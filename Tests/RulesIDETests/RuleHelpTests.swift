import RulesIDE
import RulesLint
import Testing

@Suite struct RuleHelpTests {
  @Test func lintRuleHelpLinksToItsSection() throws {
    let markdown = try #require(RuleHelp.markdown(forCode: "RC301"))
    let descriptor = try #require(RuleCatalogue.standard.descriptor("RC301"))
    #expect(markdown.hasPrefix("**RC301 \(descriptor.name)**"))
    #expect(markdown.contains("(docs/rules.md#rc301-\(descriptor.name))"))
    #expect(markdown.contains(descriptor.rationale.prefix(30)))
  }

  @Test func diagnosticHelpAndCase() throws {
    let markdown = try #require(RuleHelp.markdown(forCode: "rs204"))
    let documentation = try #require(AnalyzerDocumentation.documentation("RS204"))
    #expect(markdown.contains("docs/rules.md#rs204-\(documentation.name)"))
    #expect(RuleHelp.markdown(forCode: "RX999") == nil)
  }

  @Test func everyCodeHasHelp() {
    for code in RuleCatalogue.standard.descriptors.map(\.code) + AnalyzerDocumentation.all.map(\.code) {
      #expect(RuleHelp.markdown(forCode: code) != nil, "\(code)")
    }
  }
}
