import Foundation
import RulesAudit
import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Testing

@Suite("Audit of the examples")
struct ExampleTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

  static func rulesFiles() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".rules") }.sorted()
  }

  @Test(arguments: rulesFiles()) func everyDeployableExampleAudits(_ name: String) throws {
    let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(text, path: name))
    guard let ruleset = try? CompiledRuleset(deploying: checked) else {
      // A file Firebase refuses is refused by audit too (the CLI tests check the message).
      #expect(checked.blocksDeploy)
      return
    }
    let matrix = AccessAudit(ruleset: ruleset, options: Audits.options()).matrix()
    #expect(!matrix.patterns.isEmpty)
    #expect(!matrix.budgetExhausted)
    #expect(!matrix.statements().isEmpty)
    for cell in matrix.cells {
      guard let witness = cell.witness else { continue }
      #expect(ruleset.decide(witness).allowed == cell.access.grants)
    }
  }
}
