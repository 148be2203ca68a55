import Foundation
import RulesEvaluator
import RulesTesting
import RulescheckTestSupport

/// Small rules and suites shared by the tests.
enum Fixtures {
  static let now = Timestamp(seconds: 1_780_000_000, nanos: 0)

  static let rules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        function signedIn() { return request.auth != null; }
        match /files/{uid}/{file} {
          allow read: if signedIn() && request.auth.uid == uid;
          allow create: if signedIn() && request.auth.uid == uid
            && (request.resource.size < 1024 ? true : request.auth.token.big == true);
          allow update: if false;
          allow delete: if !(resource.contentType == 'text/locked');
        }
      }
    }
    """

  /// A suite over ``rules`` with the given cases (YAML, indented by two).
  static func suite(cases: String, extra: String = "") -> String {
    """
    rules: storage.rules
    time: 2025-06-01T12:00:00Z
    profiles:
      alice: {uid: alice}
      bob: {uid: bob, token: {big: true}}
      nobody: null
    objects:
      files/alice/a.txt: {size: 10, contentType: text/plain}
      files/alice/locked.txt: {contentType: text/locked}
      files/alice/sub/b.txt: {}
    \(extra)
    cases:
    \(cases)
    """
  }

  static func parse(_ text: String, path: String = "suite.rules-test.yaml") throws(SuiteError) -> TestSuite {
    try TestPlan.parse(text, path: path, now: now)
  }

  /// Runs `suite` against ``rules`` (or `rulesText`) in process.
  static func run(_ suite: TestSuite, rulesText: String = rules, filter: String? = nil) -> TestRun {
    let ruleset = CompiledRuleset(source: rulesText, path: suite.rulesPath)
    return TestRunner(filter: filter).run(TestPlan(suites: [suite], rulesets: [suite.rulesPath: ruleset]))
  }

  /// The package root, for the examples and docs.
  static let packageRoot = RulescheckTestSupport.packageRoot
}
