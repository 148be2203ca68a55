import FuzzSupport
import RulesLint
import RulesLintFrontend
import RulesReport
import RulesSemantics
import RulesSyntax

/// Bytes as a rules file, through everything `lint` does: parse, analysis, the catalogue,
/// suppressions, every renderer, `dump-ast`, and `--fix` with its diff.
///
/// Invariants: JSON and SARIF output parse; the findings are the same with the evaluator-backed
/// facts decided on a second thread or not; `--fix` is idempotent; the diff is empty exactly
/// when nothing changed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let source = SourceFile(path: "fuzz.rules", bytes: bytes)
  // The library must survive any bytes; the CLI lints only valid UTF-8.
  let checked = SemanticAnalyzer.analyze(source)
  guard (try? SourceReader.validated(source)) != nil else { return 0 }

  let runner = LintRunner(now: Fixtures.lintTime)
  let report = runner.report([runner.lint(checked)])
  var oneThread = runner
  oneThread.concurrentFacts = false
  Invariant.require(
    oneThread.lint(checked).diagnostics == report.files[0].diagnostics,
    "the findings are the same with the evaluator-backed facts on a second thread")
  _ = LintTextRenderer(colored: true).render(report)
  _ = GitHubActionsRenderer().render(report)
  Invariant.requireJSON(LintJSONRenderer().render(report), "lint --format json")
  Invariant.requireJSON(SARIFRenderer().render(report), "lint --format sarif")
  _ = ASTDump.render(checked.file, includeRanges: true)
  Invariant.requireJSON(ASTJSONRenderer().render(checked.file, includeRanges: true), "dump-ast --format json")

  // `--fix` lints again after each round; skip it when nothing offers a fix. Unsafe fixes
  // included: the widest set, every producer's fixes.
  guard report.files.contains(where: { $0.diagnostics.contains { !$0.fixes.isEmpty } }) else { return 0 }
  let fixed = runner.fix(source, applying: .unsafe)
  let diff = UnifiedDiff.render(
    old: fixed.original.text(SourceRange(start: 0, end: fixed.original.bytes.count)),
    new: fixed.fixed.text(SourceRange(start: 0, end: fixed.fixed.bytes.count)),
    oldPath: "a/fuzz.rules", newPath: "b/fuzz.rules")
  Invariant.require(diff.isEmpty == !fixed.changed, "the diff is empty exactly when --fix changed nothing")
  if fixed.changed {
    let again = runner.fix(fixed.fixed, applying: .unsafe)
    Invariant.require(!again.changed, "--fix is idempotent: a second run changed the file again")
  }
  return 0
}
