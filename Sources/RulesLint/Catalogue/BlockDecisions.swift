import Dispatch
import Foundation
import RulesAudit
import RulesEvaluator
import RulesSemantics
import Synchronization

/// The block decisions behind ``AccessFacts``, in groups that any thread may take: the one
/// that prefetches the facts (``AccessFactsPrefetch``) and, once it has no other rule to run,
/// the one waiting for them.
///
/// Blocks with the same full pattern share their probe requests and form one group, decided
/// once. Which groups are decided is settled before any is: those that fit
/// ``RulesAudit/AccessAudit/decisionBudget`` in file order, each group costing one decision
/// per probe request (``RulesAudit/AccessAudit/blockDecisionCount(forMatch:)``); so the facts
/// are the same whichever thread decides which group, and as when one thread decides them in
/// turn until the budget runs short.
///
/// Contract: every thread that takes part calls ``drain()``; ``decidedGroups()`` returns once
/// every group is decided.
final class BlockDecisions: Sendable {
  let audit: AccessAudit
  /// The groups to decide (block indices into ``LintContext/matches``), in file order.
  let groups: [[Int]]
  /// The first block of the first group the budget leaves out.
  let firstUndecided: Int?
  /// Each group's decisions (exactly what it spends).
  private let costs: [Int]

  private struct State {
    var next = 0
    var unfinished: Int
    var decided: [[BlockAccess]]
  }

  private let state: Mutex<State>
  /// Signalled once, when the last group is decided.
  private let finished = DispatchSemaphore(value: 0)

  /// The groups of `ruleset`'s blocks; nil for a file Firebase's compiler refuses or a
  /// Firestore ruleset.
  init?(_ ruleset: CheckedRuleset, now: Date) {
    guard !ruleset.blocksDeploy, ruleset.service?.name.name != "cloud.firestore" else { return nil }
    let seconds = now.timeIntervalSince1970.rounded(.down)
    let time = Timestamp(seconds: Int64(seconds), nanos: Int32((now.timeIntervalSince1970 - seconds) * 1e9))
    let audit = AccessAudit(
      ruleset: CompiledRuleset(ruleset),
      options: AuditOptions(time: time, blockVisits: LintLimits.maximumAccessBlockVisits))
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
    var budget = audit.decisionBudget
    var costs: [Int] = []
    var firstUndecided: Int?
    for group in groups {
      let cost = audit.blockDecisionCount(forMatch: group[0]) ?? 0
      guard budget >= cost else {
        firstUndecided = group[0]
        break
      }
      budget -= cost
      costs.append(cost)
    }
    self.audit = audit
    self.groups = Array(groups.prefix(costs.count))
    self.costs = costs
    self.firstUndecided = firstUndecided
    self.state = Mutex(State(unfinished: costs.count, decided: Array(repeating: [], count: costs.count)))
  }

  /// Decides groups until none is left to take.
  func drain() {
    while let index = state.withLock({ state -> Int? in
      guard state.next < groups.count else { return nil }
      defer { state.next += 1 }
      return state.next
    }) {
      var budget = costs[index]
      let decided = audit.blockAccess(forMatches: groups[index], budget: &budget)
      let last = state.withLock { state in
        state.decided[index] = decided
        state.unfinished -= 1
        return state.unfinished == 0
      }
      if last { finished.signal() }
    }
  }

  /// Each group's decisions, in order, once all are decided (by whichever threads drain).
  func decidedGroups() -> [[BlockAccess]] {
    if state.withLock({ $0.unfinished > 0 }) { finished.wait() }
    return state.withLock { $0.decided }
  }
}
