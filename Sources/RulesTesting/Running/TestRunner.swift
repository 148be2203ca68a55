import RulesEvaluator
import StorageBucket

/// Runs the cases of a plan, checking each against its expectation and recording coverage.
public struct TestRunner: Sendable {
  /// Runs only cases whose name contains this text, ignoring case; nil runs every case.
  public var filter: String?

  public init(filter: String? = nil) {
    self.filter = filter
  }

  /// Whether `testCase` is selected by ``filter``.
  public func selects(_ testCase: TestCase) -> Bool {
    guard let filter, !filter.isEmpty else { return true }
    return testCase.name.lowercased().contains(filter.lowercased())
  }

  public func run(_ plan: TestPlan) -> TestRun {
    let clock = ContinuousClock()
    let start = clock.now
    var coverage: [String: RulesCoverage] = [:]
    var order: [String] = []
    var results: [SuiteResult] = []
    for suite in plan.suites {
      guard let ruleset = plan.rulesets[suite.rulesPath] else { continue }
      if coverage[suite.rulesPath] == nil {
        coverage[suite.rulesPath] = RulesCoverage(ruleset)
        order.append(suite.rulesPath)
      }
      var recorder = coverage[suite.rulesPath] ?? RulesCoverage(ruleset)
      coverage[suite.rulesPath] = nil
      results.append(run(suite, ruleset: ruleset, coverage: &recorder))
      coverage[suite.rulesPath] = recorder
    }
    let files = order.compactMap { path -> FileCoverage? in
      guard let ruleset = plan.rulesets[path], let recorded = coverage[path] else { return nil }
      return FileCoverage(path: path, source: ruleset.checked.source, coverage: recorded)
    }
    return TestRun(suites: results, coverage: files, duration: clock.now - start)
  }

  /// Runs the selected cases of one suite.
  public func run(_ suite: TestSuite, ruleset: CompiledRuleset, coverage: inout RulesCoverage) -> SuiteResult
  {
    let clock = ContinuousClock()
    let start = clock.now
    let bucket = BucketListing(
      unsorted: suite.objects.map { BucketListing.Object(name: ObjectName($0.key), metadata: $0.value) },
      bucket: suite.bucket)
    var cases: [CaseResult] = []
    for testCase in suite.cases where selects(testCase) {
      cases.append(run(testCase, in: suite, ruleset: ruleset, bucket: bucket, coverage: &coverage))
    }
    return SuiteResult(suite: suite, ruleset: ruleset, cases: cases, duration: clock.now - start)
  }

  private func run(
    _ testCase: TestCase, in suite: TestSuite, ruleset: CompiledRuleset, bucket: BucketListing,
    coverage: inout RulesCoverage
  ) -> CaseResult {
    let clock = ContinuousClock()
    let start = clock.now
    let expectation = testCase.expectation
    let request = testCase.request.request(defaultBucket: suite.bucket, now: suite.time)
    let detail: TraceDetail = expectation.errorContains == nil ? .none : .statements
    let decision = ruleset.decide(request, firestore: suite.firestore, detail: detail, coverage: &coverage)
    var result = CaseResult(
      testCase: testCase, decision: decision, listing: nil, failures: [], explanation: nil, duration: .zero)
    let actual = result.actual
    if actual != expectation.verdict {
      result.failures.append("expected \(expectation.verdict.rawValue), got \(actual.rawValue)")
    } else if let text = expectation.errorContains {
      let messages = Self.errorMessages(decision)
      if !messages.contains(where: { $0.contains(text) }) {
        let seen = messages.map { "\"\($0)\"" }.joined(separator: ", ")
        result.failures.append("expected an error containing \"\(text)\", got \(seen)")
      }
    }
    if request.method == .list, decision.allowed {
      // The bucket state is the suite's bucket; any other bucket is empty.
      let listed = request.bucket == suite.bucket ? bucket : BucketListing()
      do {
        let page =
          testCase.listing.all
          ? try listed.listAll(folder: request.path)
          : try listed.list(
            folder: request.path, maxResults: testCase.listing.maxResults,
            pageToken: testCase.listing.pageToken)
        result.listing = page
        if let expected = expectation.listing { result.failures += Self.compare(page, expected) }
      } catch {
        result.failures.append("the listing failed: \(error)")
      }
    }
    if !result.passed {
      result.explanation = ruleset.decide(request, firestore: suite.firestore, detail: .values)
    }
    result.duration = clock.now - start
    return result
  }

  /// The denial message and every evaluation error raised while deciding.
  static func errorMessages(_ decision: Decision) -> [String] {
    var messages: [String] = decision.error.map { [$0.message] } ?? []
    if case .limitExceeded(let message, _) = decision.reason { messages.append(message) }
    for block in decision.trace {
      for allow in block.allows {
        switch allow.outcome {
        case .error(let message): messages.append(message)
        case .notBoolean(let type): messages.append(AllowTrace.Outcome.notBooleanMessage(type))
        default: break
        }
      }
    }
    return messages
  }

  private static func compare(_ page: ListPage, _ expected: ListingExpectation) -> [String] {
    var failures: [String] = []
    func show(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
    if let prefixes = expected.prefixes, prefixes != page.prefixes {
      failures.append("expected prefixes \(show(prefixes)), got \(show(page.prefixes))")
    }
    if let items = expected.items, items != page.items {
      failures.append("expected items \(show(items)), got \(show(page.items))")
    }
    if let token = expected.nextPageToken, token != (page.nextPageToken != nil) {
      failures.append(token ? "expected a next page token, got none" : "expected no next page token, got one")
    }
    return failures
  }
}
