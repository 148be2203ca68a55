import RulesLint
import RulesReport
import RulesSyntax
import Testing

@Suite struct TextRendererTests {
  @Test func plainGolden() {
    expectGolden(LintTextRenderer(colored: false).render(SampleReport.make()), named: "sample.txt")
  }

  @Test func colouredGolden() {
    let output = LintTextRenderer(colored: true).render(SampleReport.make())
    #expect(output.contains("\u{1B}[1;31merror[RS101/unknown-method]\u{1B}[0m"))
    #expect(output.contains("\u{1B}[1;33mwarning[RS301/suspicious-range]\u{1B}[0m"))
    #expect(output.contains("\u{1B}[1;36mnote[RS900/informational]\u{1B}[0m"))
    expectGolden(output, named: "sample-color.txt")
  }

  @Test func plainOutputHasNoEscapes() {
    #expect(!LintTextRenderer(colored: false).render(SampleReport.make()).contains("\u{1B}"))
  }

  @Test(arguments: [
    (LintSummary(files: 1, errors: 0, warnings: 0, notes: 0), "no problems found in 1 file"),
    (
      LintSummary(files: 3, errors: 2, warnings: 1, notes: 0),
      "2 errors, 1 warning in 3 files; none stops firebase deploy"
    ),
    (
      LintSummary(files: 2, errors: 1, warnings: 0, notes: 2, deployBlocking: 1),
      "1 error, 2 notes in 2 files; 1 stops firebase deploy"
    ),
    (
      LintSummary(files: 1, errors: 3, warnings: 0, notes: 0, deployBlocking: 2),
      "3 errors in 1 file; 2 stop firebase deploy"
    ),
    (
      LintSummary(files: 1, errors: 0, warnings: 3, notes: 0),
      "3 warnings in 1 file; none stops firebase deploy"
    ),
  ])
  func summaryLine(summary: LintSummary, expected: String) {
    #expect(LintTextRenderer.summaryLine(summary) == expected)
  }

  @Test func cleanReportIsOnlyTheSummary() {
    let source = SourceFile(path: "a.rules", text: Fixtures.clean)
    let report = LintReport(
      files: [FileReport(path: "a.rules", source: source, rulesVersion: .v2, diagnostics: [])],
      failureThreshold: .error)
    #expect(LintTextRenderer(colored: false).render(report) == "no problems found in 1 file\n")
  }
}

@Suite struct ColorDecisionTests {
  @Test(
    arguments: [
      // explicit, terminal, NO_COLOR, TERM, expected
      (nil, true, nil, "xterm", true),
      (nil, false, nil, "xterm", false),
      (nil, true, "1", "xterm", false),
      (nil, true, "", "xterm", true),
      (nil, true, nil, "dumb", false),
      (true, false, "1", "xterm", false),
      (true, false, nil, "xterm", true),
      (false, true, nil, "xterm", false),
    ] as [(Bool?, Bool, String?, String, Bool)])
  func decision(explicit: Bool?, terminal: Bool, noColor: String?, term: String, expected: Bool) {
    var environment = ["TERM": term]
    environment["NO_COLOR"] = noColor
    let style = TextStyle(explicit: explicit, isTerminal: terminal, environment: environment)
    #expect(style.colored == expected)
  }

  @Test(
    arguments: [
      // explicit, terminal, FORCE_COLOR, NO_COLOR, expected
      (nil, false, "1", nil, true),
      (nil, false, "true", nil, true),
      (nil, false, "0", nil, false),
      (nil, false, "", nil, false),
      (nil, false, "1", "1", false),
      (false, true, "1", nil, false),
    ] as [(Bool?, Bool, String, String?, Bool)])
  func forceColor(explicit: Bool?, terminal: Bool, force: String, noColor: String?, expected: Bool) {
    var environment = ["TERM": "xterm", "FORCE_COLOR": force]
    environment["NO_COLOR"] = noColor
    let style = TextStyle(explicit: explicit, isTerminal: terminal, environment: environment)
    #expect(style.colored == expected)
  }
}
