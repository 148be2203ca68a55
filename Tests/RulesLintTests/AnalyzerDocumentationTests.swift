import RulesLint
import RulesSemantics
import RulesSyntax
import Testing

/// The parser's and semantic analysis's diagnostics are documented, one entry each, and every
/// example produces exactly its code at the marked ranges.
@Suite struct AnalyzerDocumentationTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let documentation: DiagnosticDocumentation
    var testDescription: String { "\(documentation.code) \(documentation.name)" }
  }

  static let cases = AnalyzerDocumentation.all.map(Case.init)

  @Test func everyParserAndSemanticDiagnosticHasOneEntry() {
    let declared = (SyntaxDiagnostics.all + SemanticDiagnostics.all).sorted { $0.code < $1.code }
    #expect(AnalyzerDocumentation.all.map(\.id) == declared)
    #expect(SyntaxDiagnostics.documentation.map(\.id) == SyntaxDiagnostics.all.sorted { $0.code < $1.code })
  }

  @Test func onlyWhatNoShortSnippetShowsLacksAnExample() {
    let unavailable = AnalyzerDocumentation.all.filter {
      if case .unavailable = $0.example { true } else { false }
    }
    #expect(unavailable.map(\.code) == ["RS001", "RS010", "RS011", "RS014", "RS117", "RS190", "RS191"])
  }

  @Test(arguments: cases)
  func entryIsComplete(_ item: Case) {
    let documentation = item.documentation
    #expect(documentation.summary.first?.isUppercase == false && !documentation.summary.hasSuffix("."))
    #expect(!documentation.rationale.isEmpty)
    if case .unavailable(let reason) = documentation.example { #expect(!reason.isEmpty) }
    if documentation.fix.isFixable { #expect(documentation.fix.reason?.isEmpty == false) }
    #expect(AnalyzerDocumentation.documentation(documentation.code.lowercased())?.id == documentation.id)
    #expect(AnalyzerDocumentation.documentation(documentation.name)?.id == documentation.id)
  }

  @Test(arguments: cases.filter { $0.documentation.example.document != nil })
  func exampleReportsExactlyTheMarkedRanges(_ item: Case) throws {
    let documentation = item.documentation
    let (text, marked) = try #require(documentation.example.document)
    #expect(!marked.isEmpty, "an example marks what is reported with ⟦…⟧")
    let findings = LintRunner().lint(SourceFile(path: "example.rules", text: text)).diagnostics
      .filter { $0.code == documentation.code }
    #expect(
      findings.map(\.range).sorted { ($0.start, $0.end) < ($1.start, $1.end) } == marked,
      "reported \(findings.map { "\($0.range) \($0.message)" }), marked \(marked)")
    let produced = Set(findings.flatMap(\.fixes).map(\.applicability))
    #expect(produced == documentation.fix.applicabilities, "declared fix: \(documentation.fix.label)")
  }

  @Test func unknownKeysGetASuggestion() {
    #expect(AnalyzerDocumentation.suggestion(for: "unknown-feild") == "unknown-field")
    #expect(AnalyzerDocumentation.suggestion(for: "rs2O4") == nil)
    #expect(AnalyzerDocumentation.suggestion(for: "RS2044") == "RS204")
    #expect(AnalyzerDocumentation.suggestion(for: "public-wirte") == "public-write")
    #expect(AnalyzerDocumentation.suggestion(for: "RC3001") == "RC300")
    #expect(AnalyzerDocumentation.suggestion(for: "completely-different") == nil)
  }
}
