import FuzzSupport
import RulesEvaluator
import RulesReport
import RulesTesting

/// Bytes as a test suite (YAML when the first byte is even, JSON when odd), run against
/// `examples/storage.rules` whatever rules it names, and rendered in every format with
/// coverage.
///
/// Invariant: the JSON results and coverage parse.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSuite(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let path = data[0] & 1 == 0 ? "fuzz.rules-test.yaml" : "fuzz.rules-test.json"
  guard let text = String(validating: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self),
    let suite = try? TestPlan.parse(text, path: path, now: Fixtures.now)
  else { return 0 }
  let ruleset = Fixtures.ruleset
  var coverage = RulesCoverage(ruleset)
  let result = TestRunner().run(suite, ruleset: ruleset, coverage: &coverage)
  let run = TestRun(
    suites: [result],
    coverage: [FileCoverage(path: "storage.rules", source: ruleset.checked.source, coverage: coverage)],
    duration: .zero)
  _ = TestTextRenderer().render(run)
  _ = TestJUnitRenderer().render(run)
  Invariant.requireJSON(TestJSONRenderer().render(run), "test --format json")
  Invariant.requireJSON(CoverageJSONRenderer().render(run.coverage), "coverage JSON")
  _ = CoverageLCOVRenderer().render(run.coverage)
  _ = CoverageHTMLRenderer().render(run.coverage)
  return 0
}
