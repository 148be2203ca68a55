import Foundation
import RulesLint
import RulesSyntax
import Testing

/// RC304 reads the deadline with the evaluator's own `timestamp.date` / `timestamp.value`: an
/// invalid date is an evaluation error (never Foundation's lenient, Julian-before-1582
/// calendar), and valid dates are proleptic Gregorian, as the evaluator has them.
@Suite struct TestModeExpiryTests {
  /// RC304's messages for `allow read: if request.time < <deadline>`, linted on 2026-01-01.
  static func messages(_ deadline: String) -> [String] {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /{allPaths=**} { allow read: if request.time < \(deadline); }
        }
      }
      """
    let runner = LintRunner(now: Date(timeIntervalSince1970: 1_767_225_600))
    return runner.lint(SourceFile(path: "a.rules", text: text)).diagnostics
      .filter { $0.code == "RC304" }.map(\.message)
  }

  @Test(arguments: [
    ("timestamp.date(2025, 13, 1)", "month: 13 day: 1."), ("timestamp.date(2025, 1, 32)", "day: 32."),
    ("timestamp.date(2025, 2, 29)", "day: 29."),
    // A leap day in the Julian calendar only: 1500 is not a Gregorian leap year.
    ("timestamp.date(1500, 2, 29)", "year: 1500,"),
    ("timestamp.date(10000, 1, 1)", "year: 10000."),
    ("timestamp.value(253402300800000)", "Timestamp is not valid."),
    // timestamp.value reads RFC 3339 text; text it cannot read is not a timestamp.
    ("timestamp.value('2030-01-01')", "Timestamp is not valid."),
  ])
  func invalidDatesNeverGrant(_ deadline: String, _ detail: String) {
    let messages = Self.messages(deadline)
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("test-mode expiry date is invalid: evaluating it fails") == true)
    #expect(messages.first?.contains(detail) == true, "\(messages)")
    #expect(messages.first?.hasSuffix("so this comparison is never true") == true)
  }

  @Test(arguments: [
    ("timestamp.date(2030, 6, 1)", "access is granted until 2030-06-01"),
    ("timestamp.date(2024, 2, 29)", "access ended on 2024-02-29"),
    // Days Foundation's calendar shifts (Julian before 1582) or lacks (the 1582 switch).
    ("timestamp.date(1000, 1, 1)", "access ended on 1000-01-01"),
    ("timestamp.date(1582, 10, 10)", "access ended on 1582-10-10"),
    ("timestamp.value(-62135596800000)", "access ended on 0001-01-01"),
    ("timestamp.date(2025, 12, 31) + duration.value(1, 'd')", "access ended on 2026-01-01"),
    ("timestamp.date(2025, 12, 31) + duration.value(2, 'd')", "access is granted until 2026-01-02"),
  ])
  func validDatesAreTheEvaluatorsDays(_ deadline: String, _ message: String) {
    #expect(Self.messages(deadline).map { $0.hasPrefix("test-mode expiry: \(message)") } == [true])
  }

  @Test func deadlinesThatDependOnTheRequestAreNotReported() {
    #expect(Self.messages("resource.timeCreated + duration.value(7, 'd')").isEmpty)
    #expect(Self.messages("timestamp.date(2025, 1, request.resource.size)").isEmpty)
  }
}
