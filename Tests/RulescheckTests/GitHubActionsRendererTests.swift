import RulesLint
import RulesReport
import RulesSyntax
import Testing

@Suite struct GitHubActionsRendererTests {
  @Test func sampleMatchesGolden() {
    expectGolden(GitHubActionsRenderer().render(SampleReport.make()), named: "sample.github")
  }

  @Test func propertiesAndMessagesAreEscaped() {
    let text = "service firebase.storage {}\n"
    let source = SourceFile(path: "a,b:c%.rules", text: text)
    let diagnostic = Fixtures.diagnostic(
      .warning, "100% sure:\nsecond line\r", SourceRange(start: 0, end: 7),
      notes: [DiagnosticNote("a note")])
    let line = GitHubActionsRenderer().render(diagnostic, in: source, path: source.path)
    #expect(
      line
        == "::warning file=a%2Cb%3Ac%25.rules,line=1,col=1,endLine=1,endColumn=7,title=RS999/test-diagnostic"
        + "::100%25 sure:%0Asecond line%0D%0Anote: a note")
  }

  @Test func notesBecomeNoticesAndMultiLineRangesDropColumns() {
    let text = "a\nbc\n"
    let source = SourceFile(path: "x.rules", text: text)
    let note = Fixtures.diagnostic(.note, "n", SourceRange(start: 0, end: 4))
    #expect(
      GitHubActionsRenderer().render(note, in: source, path: "x.rules")
        == "::notice file=x.rules,line=1,endLine=2,title=RS999/test-diagnostic::n")
    let empty = Fixtures.diagnostic(.error, "e", .empty(at: 2))
    #expect(
      GitHubActionsRenderer().render(empty, in: source, path: "x.rules")
        == "::error file=x.rules,line=2,col=1,endLine=2,endColumn=1,title=RS999/test-diagnostic::e")
  }
}
