import Foundation
import RulesSemantics
import RulesSyntax
import Testing

@testable import RulesLint

/// `concurrentFacts` decides the evaluator-backed facts on a second thread while the other
/// rules run: it must change no finding, on any file, whatever the timing.
@Suite struct ConcurrentFactsTests {
  static let now = Date(timeIntervalSince1970: 1_780_000_000)

  /// Every catalogue example as a whole file, the repository's example rules, and a file whose
  /// audit budget runs out part of the way (the facts stop at a block, and RS190 says where).
  static func files() throws -> [(name: String, text: String)] {
    var files: [(String, String)] = []
    for descriptor in RuleCatalogue.standard.descriptors {
      for (index, example) in descriptor.examples.enumerated() {
        files.append(("\(descriptor.code) example \(index)", example.document.text))
      }
    }
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples")
    let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter {
      $0.hasSuffix(".rules")
    }
    for name in names.sorted() {
      files.append((name, try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)))
    }
    var big = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n"
    for index in 0..<400 {
      big += """
            match /f\(index)/{userId}/{name} {
              allow read: if request.auth.uid == userId || request.auth.token.admin == true;
              allow write: if request.auth.uid == userId && request.resource.size < \(index + 1) * 1024;
            }

        """
    }
    files.append(("400 blocks", big + "  }\n}\n"))
    return files
  }

  @Test func theFindingsAreTheSameWithAndWithoutTheSecondThread() throws {
    let everyRule: (RuleDescriptor) -> Bool = { _ in true }
    for (name, text) in try Self.files() {
      let ruleset = SemanticAnalyzer.analyze(SourceFile(path: "a.rules", text: text))
      let alone = RuleCatalogue.standard.check(ruleset, now: Self.now, isEnabled: everyRule)
      for _ in 0..<3 {
        let together = RuleCatalogue.standard.check(
          ruleset, now: Self.now, isEnabled: everyRule, concurrentFacts: true)
        #expect(together == alone, "\(name)")
      }
    }
  }

  /// The runner decides them concurrently by default; with it off, the report is the same.
  @Test func theRunnerReportsTheSameEitherWay() throws {
    var runner = LintRunner(now: Self.now)
    #expect(runner.concurrentFacts)
    for (name, text) in try Self.files().suffix(4) {
      let source = SourceFile(path: "a.rules", text: text)
      let concurrent = runner.lint(source).diagnostics
      runner.concurrentFacts = false
      #expect(runner.lint(source).diagnostics == concurrent, "\(name)")
      runner.concurrentFacts = true
    }
  }

  /// The big file's budget note names the same block both ways (its facts stop part way).
  @Test func aBudgetThatRunsOutStopsAtTheSameBlock() throws {
    let text = try #require(Self.files().last?.text)
    let ruleset = SemanticAnalyzer.analyze(SourceFile(path: "a.rules", text: text))
    let findings = RuleCatalogue.standard.check(
      ruleset, now: Self.now, isEnabled: { _ in true }, concurrentFacts: true)
    let notes = findings.filter { $0.code == "RS190" }
    #expect(!notes.isEmpty)
    #expect(
      notes
        == RuleCatalogue.standard.check(ruleset, now: Self.now, isEnabled: { _ in true }).filter {
          $0.code == "RS190"
        })
  }

  /// A file whose folds spend the folding budget the rules share: what each rule finds then
  /// depends on the order the rules run in, so with the second thread (the evaluator-backed
  /// rules run last) the catalogue runs them again in its own order. The findings are those of
  /// one thread.
  @Test func aSharedBudgetThatRunsShortGivesTheOneThreadFindings() throws {
    // Each fold of `heavy(...)` builds a 1 MiB string and compares it 17 times: more than a
    // request's budget.
    let comparisons = Array(repeating: "big(s) == big(s)", count: 9).joined(separator: " && ")
    let letter = String(repeating: "a", count: 1024)
    var text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          function big(s0) {
            let s1 = s0 + s0; let s2 = s1 + s1; let s3 = s2 + s2; let s4 = s3 + s3; let s5 = s4 + s4;
            let s6 = s5 + s5; let s7 = s6 + s6; let s8 = s7 + s7; let s9 = s8 + s8; let s10 = s9 + s9;
            return s10;
          }
          function heavy(s) { return \(comparisons); }

      """
    for index in 0..<4 {
      text += """
            match /f\(index)/{userId} {
              allow read: if heavy('\(letter)') || request.auth.uid == userId;
              allow write: if request.auth.uid == userId && heavy('\(letter)');
            }

        """
    }
    text += "  }\n}\n"
    let ruleset = SemanticAnalyzer.analyze(SourceFile(path: "a.rules", text: text))
    let everyRule: (RuleDescriptor) -> Bool = { _ in true }
    let context = LintContext(ruleset: ruleset, now: Self.now)
    let alone = RuleCatalogue.standard.check(context, isEnabled: everyRule)
    // The file spends what it is made to spend.
    #expect(context.constantFolder.hasLessThanARequestLeft)
    #expect(alone == RuleCatalogue.standard.check(ruleset, now: Self.now, isEnabled: everyRule))
    for _ in 0..<2 {
      let together = RuleCatalogue.standard.check(
        ruleset, now: Self.now, isEnabled: everyRule, concurrentFacts: true)
      #expect(together == alone)
    }
  }
}
