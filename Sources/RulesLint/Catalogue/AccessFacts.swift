import Foundation
import RulesAudit
import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// What the audit engine (``RulesAudit/AccessAudit``) decides about a file's match blocks:
/// for each block, what each of its statements grants on its own and what the whole ruleset
/// grants, on the block's probe requests. The rules that make claims about access read these
/// facts, so lint, `audit` and `simulate` decide the same requests the same way.
///
/// Contract: built at most once per file, only when a rule asks (``LintContext/accessFacts``);
/// empty for a file Firebase's compiler refuses (no compiled ruleset, no finding); at most
/// ``RulesAudit/AccessAudit/decisionBudget`` decisions, after which the remaining blocks are
/// left out (a rule says nothing about a block that is not here).
public struct AccessFacts: Sendable {
  /// The audit the facts were decided with; nil for a file that does not compile.
  public let audit: AccessAudit?
  /// The decided blocks, by index into ``LintContext/matches``.
  public let blocks: [Int: BlockAccess]
  /// Whether the budget ran out before every block was decided.
  public var budgetExhausted: Bool { firstUndecided != nil }
  /// The first block (an index into ``LintContext/matches``) the budget left out.
  public let firstUndecided: Int?
  /// The decisions the facts could make (``LintLimits/maximumAccessBlockVisits`` over the blocks).
  public let decisionBudget: Int

  /// The facts of `ruleset`, decided on this thread.
  init(_ ruleset: CheckedRuleset, now: Date) {
    let work = BlockDecisions(ruleset, now: now)
    work?.drain()
    self.init(work)
  }

  /// The facts `work` decides, once every group is decided (by this thread and any other that
  /// drains it); nil `work` (a file that does not compile) has none.
  init(_ work: BlockDecisions?) {
    guard let work else {
      self.audit = nil
      self.blocks = [:]
      self.firstUndecided = nil
      self.decisionBudget = 0
      return
    }
    var blocks: [Int: BlockAccess] = [:]
    var firstUndecided = work.firstUndecided
    for (group, decided) in zip(work.groups, work.decidedGroups()) {
      // Counted to fit the budget, each group is whole; were it not, it and the rest are
      // left out, as when the budget runs short.
      guard decided.allSatisfy(\.isComplete) else {
        firstUndecided = group.first
        break
      }
      for access in decided { blocks[access.match] = access }
    }
    self.audit = work.audit
    self.blocks = blocks
    self.firstUndecided = firstUndecided
    self.decisionBudget = work.audit.decisionBudget
  }

  /// What `allow` decides on its own, when its block was decided.
  public func statement(_ allow: LintAllow) -> StatementAccess? {
    blocks[allow.matchIndex]?.statements.first { $0.range == allow.range }
  }

  /// The full pattern of block `index` under `/b/{bucket}/o`, as the probe spells it.
  public func pattern(ofBlock index: Int) -> String? {
    blocks[index]?.probe.pattern
  }
}

extension LintContext {
  /// The audit engine's facts about this file, decided on first use and shared by every rule.
  public var accessFacts: AccessFacts {
    let (stored, pending) = memo.state.withLock { ($0.accessFacts, $0.accessFactsPrefetch) }
    if let stored { return stored }
    // Being decided on another thread (``AccessFactsPrefetch``): wait for them.
    if let pending, let decided = pending.wait() { return storeAccessFacts(decided) }
    // Decided outside the lock (it never touches the memo); a rule running at the same time
    // may decide the same facts, and the first stored wins.
    return storeAccessFacts(AccessFacts(ruleset, now: now))
  }

  /// Stores `facts` unless facts are stored already; returns the stored ones.
  @discardableResult
  func storeAccessFacts(_ facts: AccessFacts) -> AccessFacts {
    memo.state.withLock { state in
      if let stored = state.accessFacts { return stored }
      state.accessFacts = facts
      return facts
    }
  }

  /// Starts deciding ``accessFacts`` on another thread, unless they are stored or under way.
  func prefetchAccessFacts() {
    adopt { AccessFactsPrefetch(ruleset, now: now) }
  }

  /// Takes the facts `start` begins deciding (on another thread) as this context's, unless
  /// facts are stored or under way already (then `start` is not called).
  func adopt(_ start: () -> AccessFactsPrefetch) {
    memo.state.withLock { state in
      guard state.accessFacts == nil, state.accessFactsPrefetch == nil else { return }
      state.accessFactsPrefetch = start()
    }
  }

  /// Waits for facts being decided on another thread, if any (none is left running after a
  /// check).
  func finishPrefetch() {
    memo.state.withLock { $0.accessFactsPrefetch }?.wait()
  }
}
