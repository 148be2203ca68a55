import Foundation
import RulesLint
import RulesReport
import RulesSyntax
import Testing

@Suite struct JSONRendererTests {
  @Test func golden() {
    expectGolden(LintJSONRenderer().render(SampleReport.make()), named: "sample.json")
  }

  @Test func isValidJSONWithTheContractsFields() throws {
    let output = LintJSONRenderer().render(SampleReport.make())
    let document = try JSONDecoder().decode(LintDocument.self, from: Data(output.utf8))
    #expect(document.version == 1)
    #expect(document.files.map(\.path) == ["storage.rules", "rules/clean.rules", "rules/truncated.rules"])
    #expect(document.files.map(\.rulesVersion) == [2, 2, 1])
    let first = try #require(document.files.first?.diagnostics.first)
    #expect(first.code == "RS101")
    #expect(first.name == "unknown-method")
    #expect(first.severity == "error")
    #expect(first.range.start == LintDocument.Location(line: 5, column: 8, offset: 105))
    #expect(first.range.end == LintDocument.Location(line: 5, column: 12, offset: 109))
    #expect(first.notes?.first?.message == "in this match")
    #expect(first.fix?.edits.first?.replacement == "read")
    #expect(document.files[0].diagnostics[1].notes?.first?.range == nil)
    #expect(document.files[0].diagnostics[2].notes == nil)
    #expect(document.files[0].diagnostics[2].fix == nil)
    #expect(first.blocksDeploy == false)
    #expect(document.files[2].diagnostics.map(\.blocksDeploy) == [true])
    #expect(
      document.summary == LintDocument.Summary(files: 3, errors: 2, warnings: 1, notes: 1, deployBlocking: 1))
  }

  @Test func keysFollowTheContractsOrder() {
    let output = LintJSONRenderer().render(SampleReport.make())
    let keys = [
      "\"version\"", "\"files\"", "\"path\"", "\"rulesVersion\"", "\"diagnostics\"", "\"code\"",
      "\"name\"", "\"severity\"", "\"message\"", "\"blocksDeploy\"", "\"range\"", "\"summary\"", "\"tool\"",
    ]
    let positions = keys.compactMap { output.range(of: $0)?.lowerBound }
    #expect(positions.count == keys.count)
    #expect(positions == positions.sorted())
    #expect(output.contains(#""start": {"line": 5, "column": 8, "offset": 105}"#))
    #expect(
      output.hasSuffix(
        #""summary": {"files": 3, "errors": 2, "warnings": 1, "notes": 1, "deployBlocking": 1},"# + "\n"
          + #"  "tool": {"name": "rulescheck", "version": "\#(ToolVersion.current)"}"# + "\n}\n"))
  }

  @Test func compactLayoutIsOneLine() {
    let output = LintJSONRenderer(layout: .compact).render(SampleReport.make())
    #expect(output.filter { $0 == "\n" }.count == 1)
    #expect(output.hasPrefix(#"{"version":1,"files":[{"path":"storage.rules","#))
  }
}

/// The `--format json` shape of cli.md, decoded independently of the renderer's types.
struct LintDocument: Decodable {
  struct Location: Decodable, Equatable {
    var line: Int
    var column: Int
    var offset: Int
  }
  struct Range: Decodable, Equatable {
    var start: Location
    var end: Location
  }
  struct Note: Decodable {
    var message: String
    var range: Range?
  }
  struct Edit: Decodable {
    var range: Range
    var replacement: String
  }
  struct Fix: Decodable {
    var message: String
    var edits: [Edit]
  }
  struct Diagnostic: Decodable {
    var code: String
    var name: String
    var severity: String
    var message: String
    var blocksDeploy: Bool
    var range: Range
    var notes: [Note]?
    var fix: Fix?
  }
  struct File: Decodable {
    var path: String
    var rulesVersion: Int
    var diagnostics: [Diagnostic]
  }
  struct Summary: Decodable, Equatable {
    var files: Int
    var errors: Int
    var warnings: Int
    var notes: Int
    var deployBlocking: Int
  }

  var version: Int
  var files: [File]
  var summary: Summary
}
