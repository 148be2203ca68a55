import Foundation
import RulesLint
import RulesSemantics
import RulesSyntax

/// The front of a lint on the generated file, part by part: parsing, semantic analysis of an
/// already parsed file, both together, and what `LintRunner.lint` adds outside the rule
/// catalogue (suppression comments, severities, sorting, the file report).
///
/// Prints five `front: …` lines in `measure`'s format. The analysis-only figure leaves out
/// freeing the syntax tree, which the parsed file keeps alive; the others include it.
func benchmarkFront(_ source: SourceFile) {
  let parsed = RulesParser.parse(source)
  let checked = SemanticAnalyzer.analyze(parsed)
  measure("front: parse 256 KiB", iterations: 20) { _ = RulesParser.parse(source) }
  measure("front: analysis of the parsed 256 KiB", iterations: 20) { _ = SemanticAnalyzer.analyze(parsed) }
  measure("front: parse + analyze 256 KiB", iterations: 20) { _ = SemanticAnalyzer.analyze(source) }
  var configuration = LintConfiguration()
  for rule in RuleCatalogue.standard.rules {
    configuration.severityOverrides[rule.descriptor.code] = .off
  }
  let runner = LintRunner(configuration: configuration)
  measure("front: lint outside the catalogue, on the analysed 256 KiB", iterations: 20) {
    _ = runner.lint(checked)
  }
  // Severities, sorting and the report over the catalogue's findings on the file.
  let findings = checked.diagnostics + RuleCatalogue.standard.check(checked, now: Date())
  measure("front: file report of the \(findings.count) findings", iterations: 20) {
    _ = LintRunner().fileReport(source, rulesVersion: checked.version, findings: findings)
  }
}
