import Foundation
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
      .passes(
        """
        match /shares/{fileName} {
          allow get: if request.time < resource.timeCreated + duration.value(7, 'd');
        }
        """),
    ],
    limitations: """
      Only comparisons of `request.time` with a constant `timestamp.date(y, m, d)` or \
      `timestamp.value(ms)` are found; the date is judged against the time of the lint run.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows {
      guard let condition = allow.condition else { continue }
      for comparison in context.comparisons(in: condition) {
        let pair: (time: RulesSyntax.Expression, deadline: RulesSyntax.Expression)
        switch comparison.op {
        case .less, .lessOrEqual: pair = (comparison.left, comparison.right)
        case .greater, .greaterOrEqual: pair = (comparison.right, comparison.left)
        default: continue
        }
        guard context.accessPath(pair.time, comparison.bindings)?.equals("request", "time") == true,
          let deadline = deadline(pair.deadline, comparison.bindings, context)
        else { continue }
        let day = Self.dayText(deadline)
        let message =
          deadline <= context.now
          ? "test-mode expiry: access ended on \(day); since then this allow grants nothing"
          : "test-mode expiry: access is granted until \(day), then refused to every user"
        report.report(message, at: comparison.range)
      }
    }
  }

  /// The instant a constant `timestamp.date(y, m, d)` or `timestamp.value(ms)` stands for.
  private func deadline(
    _ expression: RulesSyntax.Expression, _ bindings: Bindings, _ context: LintContext
  ) -> Date? {
    let (call, bindings) = context.dereference(expression, bindings)
    guard case .call(let callee, let arguments) = call.kind, case .member(let base, let name) = callee.kind,
      context.resolution(of: base) == .global("timestamp")
    else { return nil }
    let values = arguments.map { context.constant($0, bindings) }
    switch (name.name, values.count) {
    case ("date", 3):
      guard case .int(let year)? = values[0], case .int(let month)? = values[1],
        case .int(let day)? = values[2],
        let utc = TimeZone(identifier: "UTC")
      else { return nil }
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = utc
      return calendar.date(from: DateComponents(year: Int(year), month: Int(month), day: Int(day)))
    case ("value", 1):
      guard case .int(let milliseconds)? = values[0] else { return nil }
      return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    default:
      return nil
    }
  }

  private static func dayText(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: date)
  }
}
