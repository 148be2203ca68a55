import Foundation
import RulesLint
import RulesLintFrontend
import RulesSyntax
import RulescheckTestSupport
import Testing

@Suite struct LintRunnerTests {
  /// A report for `clean` plus one synthetic diagnostic of `severity`, through the runner.
  private func report(with severity: Severity, strict: Bool) -> LintReport {
    let runner = LintRunner(configuration: LintConfiguration(strict: strict))
    let source = SourceFile(path: "a.rules", text: Fixtures.clean)
    let diagnostic = Fixtures.diagnostic(severity, "synthetic", SourceRange(start: 0, end: 5))
    return runner.report([runner.fileReport(source, rulesVersion: .v2, findings: [diagnostic])])
  }

  @Test(arguments: [
    (Severity.error, false, RunStatus.checkFailed),
    (.warning, false, .success),
    (.note, false, .success),
    (.error, true, .checkFailed),
    (.warning, true, .checkFailed),
    (.note, true, .success),
  ])
  func exitStatusFollowsTheThreshold(severity: Severity, strict: Bool, expected: RunStatus) {
    let report = report(with: severity, strict: strict)
    #expect(report.exitStatus == expected)
    #expect(report.failureThreshold == (strict ? .warning : .error))
    #expect(report.summary.count(of: severity) == 1)
  }

  @Test func severitiesAreResolvedByConfiguration() {
    let id = Fixtures.diagnosticID
    let diagnostics = [
      Fixtures.diagnostic(.warning, "one", SourceRange(start: 0, end: 1)),
      Diagnostic(
        DiagnosticID(code: "RS998", name: "other", defaultSeverity: .warning), "two",
        at: SourceRange(start: 2, end: 3)),
    ]
    let byCode = LintConfiguration(severityOverrides: [id.code: .severity(.error)])
    #expect(byCode.apply(to: diagnostics).map(\.severity) == [.error, .warning])
    let byName = LintConfiguration(severityOverrides: [id.name: .off, "RS998": .severity(.note)])
    #expect(byName.apply(to: diagnostics).map(\.message) == ["two"])
    #expect(byName.apply(to: diagnostics).map(\.severity) == [.note])
    let both = LintConfiguration(severityOverrides: [id.code: .severity(.note), id.name: .off])
    #expect(both.apply(to: diagnostics).first?.severity == .note)
  }

  @Test func lintsFilesFromDiskOnceEach() throws {
    let directory = try TemporaryDirectory()
    try directory.write("a.rules", Fixtures.clean)
    try directory.write("b.rules", Fixtures.syntaxErrors)
    let inputs = ["a.rules", "./a.rules", "b.rules"].map { LintInput(path: $0, relativeTo: directory.url) }
    let report = try LintFrontend().run(inputs)
    #expect(report.files.map(\.path) == ["a.rules", "b.rules"])
    #expect(report.files.map(\.rulesVersion) == [.v2, .v2])
    #expect(report.files[0].diagnostics.isEmpty)
    #expect(report.files[1].diagnostics.contains { $0.code == "RS009" && $0.severity == .error })
    #expect(report.summary.files == 2)
    #expect(report.exitStatus == .checkFailed)
  }

  @Test func diagnosticsComeInSourceOrder() {
    let source = SourceFile(path: "a.rules", text: Fixtures.clean)
    let late = Fixtures.diagnostic(.error, "late", SourceRange(start: 50, end: 51))
    let early = Fixtures.diagnostic(.warning, "early", SourceRange(start: 3, end: 4))
    let report = LintRunner().fileReport(source, rulesVersion: .v1, findings: [late, early])
    #expect(report.diagnostics.map(\.message) == ["early", "late"])
    #expect(report.rulesVersion == .v1)
    #expect(report.path == "a.rules")
  }

  /// Files are linted at the same time; the report lists them as given, each as if alone.
  @Test func filesLintedTogetherReportInOrderAsIfAlone() throws {
    let folder = try TemporaryDirectory()
    var inputs: [LintInput] = []
    for index in 0..<24 {
      // Every third file has a different finding, so a file's report cannot be another's.
      let rule = index % 3 == 0 ? "allow read: if true;" : "allow read: if request.auth != null;"
      let text =
        "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n"
        + "    match /f\(index)/{name} {\n      \(rule)\n    }\n  }\n}\n"
      let url = try folder.write("f\(index).rules", text)
      inputs.append(LintInput(displayPath: "f\(index).rules", fileURL: url))
    }
    let report = try LintFrontend().run(inputs)
    #expect(report.files.map(\.path) == inputs.map(\.displayPath))
    for (file, input) in zip(report.files, inputs) {
      let alone = LintRunner().lint(try SourceReader().read(input))
      #expect(file.diagnostics == alone.diagnostics)
    }
    let oneByOne = try LintFrontend(concurrent: false).run(inputs)
    #expect(oneByOne.files.map(\.diagnostics) == report.files.map(\.diagnostics))
    #expect(Set(report.files.map(\.diagnostics.count)).count > 1)
  }
}
