import Dispatch
import Foundation
import RulesSemantics
import Synchronization

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
/// Contract: started at most once per context; ``wait()`` returns the facts once they are
/// decided. It needs only the checked ruleset, so it may start before the context is built.
final class AccessFactsPrefetch: Sendable {
  private let group = DispatchGroup()
  private let decided = Mutex<AccessFacts?>(nil)
  /// The groups of block decisions being decided, once known: a thread waiting for the facts
  /// takes some too.
  private let work = Mutex<BlockDecisions?>(nil)

  /// Starts deciding `ruleset`'s access facts on a global queue, then, once they are decided,
  /// runs `afterwards` there (the rules it helps with, ``SharedRuleRun``).
  init(_ ruleset: CheckedRuleset, now: Date, afterwards: (@Sendable () -> Void)? = nil) {
    group.enter()
    DispatchQueue.global().async { [self] in
      let work = BlockDecisions(ruleset, now: now)
      self.work.withLock { $0 = work }
      work?.drain()
      let facts = AccessFacts(work)
      self.decided.withLock { $0 = facts }
      self.group.leave()
      afterwards?()
    }
  }

  /// Blocks until the facts are decided, and returns them (never nil: they are set before
  /// the group is left).
  @discardableResult
  func wait() -> AccessFacts? {
    // Groups not taken yet are decided here meanwhile.
    work.withLock { $0 }?.drain()
    group.wait()
    return decided.withLock { $0 }
  }
}
