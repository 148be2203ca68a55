import Foundation
import RulesEvaluator
import RulesLint
import RulesReport
import RulesSemantics
import RulesSyntax
import RulesTesting
import StorageBucket

/// `rulescheck-bench --scaling`: each stage at 1×, 4× and 16× its input, with the time of
/// each step and its ratio to the previous one. Work linear in the input shows ratios near 4.
func benchmarkScaling() {
  let rulesPath = FileManager.default.currentDirectoryPath + "/examples/storage.rules"
  guard let rulesText = try? String(contentsOfFile: rulesPath, encoding: .utf8) else {
    print("scaling: run from the repository root (it reads examples/storage.rules)")
    return
  }
  let ruleset = CompiledRuleset(source: rulesText, path: "examples/storage.rules")
  let now = Timestamp(seconds: 1_780_000_000, nanos: 0)
  print("scaling (best of 3 per size; ratio to the previous size, about 4.0 when linear):")

  scale("lint, realistic rules (64 KiB)") { factor in
    let source = SourceFile(path: "generated.rules", text: generatedRules(targetBytes: 64 * 1024 * factor))
    return { _ = LintRunner().lint(source) }
  }
  scale("lint + JSON, findings-heavy (4,000 findings)") { factor in
    let rules = AdversarialShape.findings.make(units: 4_000 * factor).files[0].text
    let source = SourceFile(path: "findings.rules", text: rules)
    return {
      let runner = LintRunner()
      _ = LintJSONRenderer().render(runner.report([runner.lint(source)]))
    }
  }
  scale("simulate batch, JSON lines (10,000 requests)") { factor in
    let text = batchLines(count: 10_000 * factor)
    let batch = BatchDecisions(
      ruleset: ruleset, firestore: FirestoreDocuments(), now: now, format: .jsonLines, explain: false,
      style: TextStyle(colored: false))
    return {
      guard let inputs = try? RequestBatch.parse(text) else { return }
      _ = batch.render(inputs, 0..<inputs.count)
    }
  }
  scale("list, parse + listAll (62,500 names)") { factor in
    let bytes = generatedListing(count: 62_500 * factor)
    return {
      guard let listing = try? BucketListing(parsing: bytes) else { return }
      _ = try? listing.listAll(folder: "tree/d7")
      _ = try? listing.list(folder: "flat", maxResults: 1000)
    }
  }
  scale("test, read + run with coverage (1,000 cases)") { factor in
    let suite = generatedSuite(count: 1_000 * factor, rules: rulesPath, json: false)
    return {
      guard let parsed = try? TestPlan.parse(suite, path: "generated.rules-test.yaml", now: now) else {
        return
      }
      var coverage = RulesCoverage(ruleset)
      _ = TestRunner().run(parsed, ruleset: ruleset, coverage: &coverage)
    }
  }
}

/// Times `prepare(factor)`'s work at factors 1, 4 and 16 and prints one line.
private func scale(_ label: String, _ prepare: (Int) -> () -> Void) {
  var line = "  \(label):"
  var previous: Double?
  for factor in [1, 4, 16] {
    let work = prepare(factor)
    work()
    var best = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<3 {
      let elapsed = clock.measure(work)
      best = min(
        best, Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
    }
    line += " \(factor)× \(String(format: "%.1f", best)) ms"
    if let previous { line += " (×\(String(format: "%.1f", best / previous)))" }
    line += factor == 16 ? "" : ","
    previous = best
  }
  print(line)
}
