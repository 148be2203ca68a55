import Foundation
import RulesEvaluator
import RulesSyntax

/// Flags the console's "test mode" rule, `request.time < timestamp.date(…)`.
struct TestModeExpiry: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC304", name: "test-mode-expiry", category: .security, defaultSeverity: .error,
    summary: "a test-mode expiry date decides access",
    rationale: """
      The Firebase console's "test mode" writes `allow read, write: if request.time < \
      timestamp.date(…);`: everything is open to everyone until that date, and then every \
      request is refused, which takes the app down on a day nobody remembers. Before the \
      date it is a public bucket (see RC301 and RC302); after it, an outage. Replace it with \
      rules that check `request.auth` and the path.
      """,
    examples: [
      .fails(
        """
        match /{allPaths=**} {
          allow read, write: if ⟦request.time < timestamp.date(2020, 1, 1)⟧;
        }
        """),
      .fails(
        """
        match /{allPaths=**} {
          allow read: if request.auth != null && ⟦request.time < timestamp.date(9999, 12, 31)⟧;
        }
        """),
      .fails(
        """
        match /{allPaths=**} {
          allow write: if ⟦timestamp.value(4102444800000) > request.time⟧;
        }
        """),
      .fails(
        """
        match /{allPaths=**} {
          allow read, write: if ⟦request.time < timestamp.date(2025, 13, 1)⟧;
        }
        """),
      .passes(
        """
        match /shares/{fileName} {
          allow get: if request.time < resource.timeCreated + duration.value(7, 'd');
        }
        """),
    ],
    limitations: """
      Only comparisons of `request.time` with a constant timestamp (`timestamp.date(y, m, d)`, \
      `timestamp.value(ms)` or one computed from them, as the evaluator computes it) are found; \
      the date is judged against the time of the lint run. An invalid date such as \
      `timestamp.date(2025, 13, 1)` is an evaluation error, so the comparison never grants, \
      and is reported as such.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    let now = LintContext.timestamp(context.now)
    for allow in context.allows {
      for comparison in context.facts(for: allow).comparisons {
        let pair: (time: AccessPath?, deadline: RulesSyntax.Expression)
        switch comparison.op {
        case .less, .lessOrEqual: pair = (comparison.leftPath, comparison.right)
        case .greater, .greaterOrEqual: pair = (comparison.rightPath, comparison.left)
        default: continue
        }
        guard pair.time?.equals("request", "time") == true else { continue }
        switch context.constant(pair.deadline, comparison.bindings) {
        case .timestamp(let deadline)?:
          let day = String(RFC3339.format(deadline).prefix(10))
          let message =
            deadline <= now
            ? "test-mode expiry: access ended on \(day); since then this allow grants nothing"
            : "test-mode expiry: access is granted until \(day), then refused to every user"
          report.report(message, at: comparison.range)
        case .error(let error)? where isTimestampCall(pair.deadline, comparison.bindings, context):
          report.report(
            "test-mode expiry date is invalid: evaluating it fails ('\(error.message)'), so this "
              + "comparison is never true",
            at: comparison.range)
        default:
          continue
        }
      }
    }
  }

  /// Whether `expression` is a call of `timestamp.date` or `timestamp.value`.
  private func isTimestampCall(
    _ expression: RulesSyntax.Expression, _ bindings: Bindings, _ context: LintContext
  ) -> Bool {
    let (call, _) = context.dereference(expression, bindings)
    guard case .call(let callee, _) = call.kind, case .member(let base, let name) = callee.kind else {
      return false
    }
    return context.resolution(of: base) == .global("timestamp") && ["date", "value"].contains(name.name)
  }
}
