import Dispatch

/// ``AccessFacts`` decided on another thread while the facts the other rules share, and the
/// rules before the first one that reads them, are computed and run on this one
/// (``RuleCatalogue/check(_:now:isEnabled:concurrentFacts:)``).
///
/// The evaluator-backed facts depend on nothing the other rules compute or charge (the
/// compiled ruleset and the audit's probes, never ``LintContext``'s budget), so deciding them
/// early changes no finding: the rules still run one after another, in catalogue order, and a
/// rule that reads ``LintContext/accessFacts`` before they are stored waits for them instead of
/// deciding them again.
///
/// Contract: started at most once per context; ``wait()`` returns once the facts are stored in
/// the context's memo.
final class AccessFactsPrefetch: Sendable {
  private let group = DispatchGroup()

  /// Starts deciding `context`'s access facts on a global queue, then, once they are stored,
  /// runs `afterwards` there (the rules it helps with, ``SharedRuleRun``).
  init(_ context: LintContext, afterwards: (@Sendable () -> Void)? = nil) {
    group.enter()
    DispatchQueue.global().async { [group] in
      context.storeAccessFacts(AccessFacts(context.ruleset, now: context.now))
      group.leave()
      afterwards?()
    }
  }

  /// Blocks until the facts are stored.
  func wait() {
    group.wait()
  }
}
