import Foundation
import RulesLint
import RulesReport
import RulesSyntax
import Testing

/// Thousands of findings rendered whole: every renderer's output is valid and complete, and
/// one line holding all of them renders with windowed snippets. (The 32,000 findings of a
/// 1 MiB file take seconds in a debug build; the release CLI renders them in under one.)
@Suite struct ManyFindingsRenderingTests {
  static let count = 2_000
  /// Where the last finding's `true` starts: 21 bytes per statement, 15 into it.
  static let lastOffset = (count - 1) * 21 + 15

  /// A report of `count` findings on `allow read: if true;` statements, on one line each or
  /// all on one line.
  private func report(oneLine: Bool = false) -> LintReport {
    let statement = "allow read: if true;"
    let text = Array(repeating: statement, count: Self.count).joined(separator: oneLine ? " " : "\n") + "\n"
    let source = SourceFile(path: "many.rules", text: text)
    let stride = statement.utf8.count + 1
    let diagnostics = (0..<Self.count).map { index in
      let start = index * stride + 15
      let range = SourceRange(start: start, end: start + 4)
      return Fixtures.diagnostic(
        .error, "finding \(index)", range,
        fixes: [Fix("replace", edits: [TextEdit(range: range, replacement: "false")], applicability: .safe)])
    }
    let file = FileReport(path: "many.rules", source: source, rulesVersion: .v2, diagnostics: diagnostics)
    return LintReport(files: [file], failureThreshold: .warning)
  }

  @Test func jsonHoldsEveryFinding() throws {
    let output = LintJSONRenderer(layout: .compact).render(report())
    let document = try JSONDecoder().decode(LintDocument.self, from: Data(output.utf8))
    let diagnostics = try #require(document.files.first?.diagnostics)
    #expect(diagnostics.count == Self.count)
    #expect(diagnostics.last?.message == "finding \(Self.count - 1)")
    #expect(
      diagnostics.last?.range.start
        == LintDocument.Location(line: Self.count, column: 16, offset: Self.lastOffset))
    #expect(diagnostics.last?.fix?.edits.first?.replacement == "false")
    #expect(document.summary.errors == Self.count)
  }

  @Test func sarifHoldsEveryFinding() throws {
    let output = SARIFRenderer(layout: .compact).render(report())
    let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let runs = try #require(log["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    #expect(results.count == Self.count)
    let last = try #require(results.last)
    #expect((last["message"] as? [String: Any])?["text"] as? String == "finding \(Self.count - 1)")
    let location = try #require(
      (last["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    #expect((location["region"] as? [String: Any])?["startLine"] as? Int == Self.count)
  }

  @Test func findingsOnOneLongLineRenderWithWindowedSnippets() throws {
    let report = report(oneLine: true)
    let text = LintTextRenderer(colored: false).render(report)
    // A location line, the snippet, its underline and the fix per finding, then the summary
    // and the count of fixable findings.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4 * Self.count + 4)
    #expect(lines[4 * Self.count + 2] == "\(Self.count) fixable with --fix")
    #expect(
      lines[4 * (Self.count - 1)]
        == "many.rules:1:\(Self.lastOffset + 1): error[RS999/test-diagnostic]: finding \(Self.count - 1)")
    let snippet = String(lines[4 * (Self.count - 1) + 1])
    #expect(snippet.hasPrefix("…"))
    #expect(snippet.unicodeScalars.count <= SourceSnippet.maximumWidth + 2)
    let underline = String(lines[4 * (Self.count - 1) + 2])
    let caret = try #require(underline.firstIndex(of: "^"))
    #expect(snippet.dropFirst(underline.distance(from: underline.startIndex, to: caret)).hasPrefix("true;"))
    let json = LintJSONRenderer(layout: .compact).render(report)
    let document = try JSONDecoder().decode(LintDocument.self, from: Data(json.utf8))
    #expect(document.files.first?.diagnostics.last?.range.end.column == Self.lastOffset + 5)
  }
}
