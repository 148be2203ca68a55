import RulesEvaluator
import RulesSyntax
import RulesTesting

/// Renders a test run for people: one line per failed case with the expected and actual
/// decision, the `--explain` trace of why, then a summary and the coverage per rules file.
public struct TestTextRenderer: Sendable {
  public var style: TextStyle

  public init(style: TextStyle = TextStyle(colored: false)) {
    self.style = style
  }

  public func render(_ run: TestRun) -> String {
    var output = ""
    for suite in run.suites {
      for result in suite.cases where !result.passed { output += render(result, in: suite) }
    }
    output += summary(run) + "\n"
    output += coverage(run.coverage)
    return output
  }

  /// `suite:line:column: FAIL name: expected deny, got allow`, then the explanation, indented.
  public func render(_ result: CaseResult, in suite: SuiteResult) -> String {
    let head =
      "\(suite.suite.path):\(result.testCase.location): \(style.severity(.error, "FAIL")) "
      + "\(result.testCase.name): \(result.failures.joined(separator: "; "))"
    var lines = [head]
    let request = result.testCase.request
    if request.method == .create, request.resource != nil, result.decision.allowed {
      let name = request.path.split(separator: "/").joined(separator: "/")
      lines.append(
        "    note: \(name) exists: uploading to it is a create with resource = the stored object, never an update"
      )
    }
    if let listing = result.listing, result.testCase.expectation.listing != nil {
      let quoted = { (names: [String]) in "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
      lines.append(
        "    listed: prefixes \(quoted(listing.prefixes)), items \(quoted(listing.items)), "
          + "next page token: \(listing.nextPageToken == nil ? "none" : "yes")")
    }
    let explained = result.explanation ?? result.decision
    let text = DecisionTextRenderer(style: style, explain: true).render(
      explained, source: suite.ruleset.checked.source)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      lines.append(line.isEmpty ? "" : "    " + line)
    }
    return lines.joined(separator: "\n") + "\n\n"
  }

  /// `14 cases in 2 suites: 13 passed, 1 failed (3 ms)`.
  public func summary(_ run: TestRun) -> String {
    let milliseconds =
      Double(run.duration.components.seconds) * 1_000
      + Double(run.duration.components.attoseconds) / 1e15
    let failed = run.failedCount == 0 ? "0 failed" : style.severity(.error, "\(run.failedCount) failed")
    return "\(Self.plural(run.caseCount, "case")) in \(Self.plural(run.suites.count, "suite")): "
      + "\(run.passedCount) passed, \(failed) (\(Int(milliseconds.rounded())) ms)"
  }

  /// Per rules file: statements granted and conditions fully covered, and the statements that
  /// never granted.
  public func coverage(_ files: [FileCoverage]) -> String {
    guard !files.isEmpty else { return "" }
    var lines = ["coverage:"]
    for file in files {
      let summary = file.summary
      lines.append(
        "  \(file.path): \(summary.statementsGranted)/\(summary.statements) statements granted "
          + "(\(Self.percent(summary.statementPercent))), \(summary.conditionsCovered)/\(summary.conditions) "
          + "conditions fully covered (\(Self.percent(summary.conditionPercent)))")
      for index in file.neverGranted {
        let range = file.layout.statements[index].range
        let location = file.source.lineIndex.location(of: range.start)
        lines.append(
          "    never granted: \(file.path):\(location.line):\(location.column): \(Self.oneLine(file.source.text(range)))"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `66.7%`, `100%`: one decimal; never 100% unless complete.
  public static func percent(_ value: Double) -> String {
    var tenths = Int((value * 10).rounded())
    if tenths >= 1_000 && value < 100 { tenths = 999 }
    return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
  }

  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// A statement's source on one line, white space collapsed.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.drop { $0 == " " || $0 == "\t" } }
      .joined(separator: " ")
  }
}
