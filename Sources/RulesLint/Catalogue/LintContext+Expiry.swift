import Foundation
import RulesEvaluator
import RulesSyntax

extension LintContext {
  /// Whether `allow` grants nothing from the time of the lint run on: its condition is always
  /// false, or one of the operands of its top-level `&&` compares `request.time` with a
  /// test-mode date that has passed or is invalid (RC304 reports that comparison), or is
  /// always false or always fails whatever the request (`get(...)` where no such function
  /// exists, `1 / 0`), as the evaluator folds it (``constant(_:_:)``).
  ///
  /// Such a conjunct is false (or an error) for every later request, and `&&` is never true
  /// with a false or failing operand, so the statement grants nothing. Each operand is folded
  /// on its own, so rules ask this last, of the statements they would report.
  public func grantsNothingFromNow(_ allow: LintAllow) -> Bool {
    if neverGrants(allow) { return true }
    guard let condition = allow.condition else { return false }
    let now = Self.timestamp(self.now)
    var pending = [condition]
    while let next = pending.popLast() {
      if case .binary(.logicalAnd, let left, let right) = next.kind {
        pending += [right, left]
        continue
      }
      switch constant(next) {
      case .bool(false)?, .error?: return true
      default: break
      }
      switch next.kind {
      case .binary(let op, let left, let right):
        let (time, deadline): (RulesSyntax.Expression, RulesSyntax.Expression)
        switch op {
        case .less, .lessOrEqual: (time, deadline) = (left, right)
        case .greater, .greaterOrEqual: (time, deadline) = (right, left)
        default: continue
        }
        guard accessPath(time)?.equals("request", "time") == true else { continue }
        switch constant(deadline) {
        case .timestamp(let date)? where date <= now: return true
        case .error?: return true
        default: continue
        }
      default: continue
      }
    }
    return false
  }

  /// `date` as the evaluator's timestamp, to the nanosecond.
  static func timestamp(_ date: Date) -> Timestamp {
    let interval = date.timeIntervalSince1970
    let seconds = interval.rounded(.down)
    let nanos = min(Int32(((interval - seconds) * 1e9).rounded(.down)), 999_999_999)
    return Timestamp(seconds: Int64(seconds), nanos: nanos)
  }
}
