import Foundation
import RulesSemantics
import RulesSyntax
import RulescheckTestSupport
import Testing

/// The Diagnostics table of `docs/diagnostics.md` lists every parser and semantic diagnostic with its name,
/// default severity and whether it stops `firebase deploy`, exactly as the code declares them.
@Suite struct DiagnosticsTableTests {
  struct Row: Equatable, CustomStringConvertible {
    var code: String
    var name: String
    var severity: String
    var blocksDeploy: String
    var description: String { "| \(code) | \(name) | \(severity) | \(blocksDeploy) |" }
  }

  static func readmeRows() throws -> [Row] {
    let url = packageRoot.appendingPathComponent("docs/diagnostics.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").compactMap { line -> Row? in
      guard line.hasPrefix("| RS") else { return nil }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 5 else { return nil }
      return Row(code: cells[0], name: cells[1], severity: cells[2], blocksDeploy: cells[3])
    }
  }

  static let declared: [DiagnosticID] = (SyntaxDiagnostics.all + SemanticDiagnostics.all)
    .sorted { $0.code < $1.code }

  @Test func everyDiagnosticHasItsRow() throws {
    let rows = try Self.readmeRows()
    let expected = Self.declared.map { id in
      Row(
        code: id.code, name: id.name, severity: id.defaultSeverity.rawValue,
        blocksDeploy: id.blocksDeploy ? "yes" : "no")
    }
    #expect(rows.map(\.code) == expected.map(\.code))
    for (row, declared) in zip(rows, expected) { #expect(row == declared) }
  }

  @Test func codesAreUniqueAndNotesNeverBlock() {
    let codes = Set(Self.declared.map(\.code))
    #expect(codes.count == Self.declared.count)
    for id in Self.declared where id.blocksDeploy { #expect(id.defaultSeverity != .note, "\(id)") }
  }
}
