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

  init(_ ruleset: CheckedRuleset, now: Date) {
    guard !ruleset.blocksDeploy, ruleset.service?.name.name != "cloud.firestore" else {
      self.audit = nil
      self.blocks = [:]
      self.firstUndecided = nil
      self.decisionBudget = 0
      return
    }
    let seconds = now.timeIntervalSince1970.rounded(.down)
    let time = Timestamp(seconds: Int64(seconds), nanos: Int32((now.timeIntervalSince1970 - seconds) * 1e9))
    let audit = AccessAudit(
      ruleset: CompiledRuleset(ruleset),
      options: AuditOptions(time: time, blockVisits: LintLimits.maximumAccessBlockVisits))
    var budget = audit.decisionBudget
    var blocks: [Int: BlockAccess] = [:]
    var firstUndecided: Int?
    // Blocks with the same full pattern share their probe requests: decided once.
    var groups: [[Int]] = []
    var groupOf: [PatternProbe: Int] = [:]
    for (index, match) in ruleset.matches.enumerated() where match.appliesToStorage {
      guard match.block.body.contains(where: { if case .allow = $0.kind { true } else { false } }),
        let probe = audit.probe(forMatch: index)
      else { continue }
      if let group = groupOf[probe] {
        groups[group].append(index)
      } else {
        groupOf[probe] = groups.count
        groups.append([index])
      }
    }
    for group in groups {
      let decided = audit.blockAccess(forMatches: group, budget: &budget)
      guard decided.allSatisfy(\.isComplete) else {
        firstUndecided = group.first
        break
      }
      for access in decided { blocks[access.match] = access }
    }
    self.audit = audit
    self.blocks = blocks
    self.firstUndecided = firstUndecided
    self.decisionBudget = audit.decisionBudget
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
    if let pending {
      pending.wait()
      if let stored = memo.state.withLock({ $0.accessFacts }) { return stored }
    }
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

  /// Starts deciding ``accessFacts`` on another thread, unless they are stored or under way;
  /// that thread then runs `afterwards`.
  func prefetchAccessFacts(afterwards: (@Sendable () -> Void)? = nil) {
    memo.state.withLock { state in
      guard state.accessFacts == nil, state.accessFactsPrefetch == nil else { return }
      // Its work takes the lock only once this section has let it go.
      state.accessFactsPrefetch = AccessFactsPrefetch(self, afterwards: afterwards)
    }
  }

  /// Waits for facts being decided on another thread, if any (none is left running after a
  /// check).
  func finishPrefetch() {
    memo.state.withLock { $0.accessFactsPrefetch }?.wait()
  }
}
