import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// An identity and a method: the key of what one statement, or the whole ruleset, grants.
public struct AccessKey: Sendable, Hashable {
  public var identity: AuditIdentity
  public var method: RequestMethod

  public init(_ identity: AuditIdentity, _ method: RequestMethod) {
    self.identity = identity
    self.method = method
  }
}

/// A probe request the whole ruleset allowed, and the statement that granted it.
public struct RulesetGrant: Sendable {
  /// Deciding it again with ``RulesEvaluator/CompiledRuleset/decide(_:firestore:trace:)``
  /// allows it.
  public var witness: Request
  /// The granting block, an index into ``RulesSemantics/CheckedRuleset/matches``.
  public var block: Int
  /// The granting `allow` statement.
  public var statement: SourceRange
}

/// What one `allow` of a block decides on its own on the block's probe requests.
public struct StatementAccess: Sendable {
  /// The whole statement, `allow` to `;`.
  public var range: SourceRange
  /// The request methods the statement names, expanded for the file's version.
  public var methods: RequestMethods
  /// For each identity and method the statement alone grants on some probe: the first such
  /// probe request (the statement alone, evaluated as the only one, grants it).
  public var grants: [AccessKey: Request] = [:]
  /// Per identity and method: the probes the statement was evaluated on, and those whose
  /// condition was an evaluation error (with the first error's message).
  public var evaluated: [AccessKey: Int] = [:]
  public var errors: [AccessKey: Int] = [:]
  public var firstError: [AccessKey: String] = [:]
  /// What the condition reads that a probe may not know (Firestore documents, the time).
  public var reads: AllowReads

  /// Whether some identity is granted `method` by this statement alone.
  public func grants(_ method: RequestMethod) -> Bool {
    grants.keys.contains { $0.method == method }
  }
}

/// What one match block's statements decide, each on its own, and what the whole ruleset
/// decides, on the block's probe requests (user A's instance of its pattern) for every
/// identity of the plan and every method.
public struct BlockAccess: Sendable {
  /// The block, an index into ``RulesSemantics/CheckedRuleset/matches``.
  public var match: Int
  public var probe: PatternProbe
  /// The block's `allow` statements, in source order.
  public var statements: [StatementAccess]
  /// For each identity and method the ruleset grants on some probe: the first such grant.
  public var rulesetGrants: [AccessKey: RulesetGrant]
  /// For each identity and method the ruleset grants: the probe objects (indices into
  /// ``PatternProbe/objects``, or ``PatternProbe/folders`` for `list`) it grants on.
  public var rulesetGrantDepths: [AccessKey: Set<Int>] = [:]
  /// Whether every identity and method was decided within the budget; when false the other
  /// fields are partial and prove nothing.
  public var isComplete: Bool
}

extension AccessAudit {
  /// The methods ``blockAccess(forMatch:budget:)`` decides: `list` only under version 2.
  public var blockMethods: [RequestMethod] { Self.blockMethods(ruleset.version) }

  static func blockMethods(_ version: RulesVersion) -> [RequestMethod] {
    version == .v2 ? [.get, .list, .create, .update, .delete] : [.get, .create, .update, .delete]
  }

  /// What block `index` grants, statement by statement and as a whole ruleset, spending at
  /// most `budget` decisions (one per probe request; each evaluates every matching statement
  /// alone, see ``RulesEvaluator/TraceDetail/everyStatementOutcomes``); nil when the block has no
  /// probe. When the budget does not cover the block, it is not decided at all
  /// (``BlockAccess/isComplete`` false) and `budget` becomes 0.
  public func blockAccess(forMatch index: Int, budget: inout Int) -> BlockAccess? {
    blockAccess(forMatches: [index], budget: &budget).first
  }

  /// The decisions ``blockAccess(forMatches:budget:)`` spends on blocks whose first is
  /// `index` (one per probe request, every identity and method of ``blockMethods``), counted
  /// without building a request; nil when the block has no probe (it spends nothing).
  public func blockDecisionCount(forMatch index: Int) -> Int? {
    guard let probe = probe(forMatch: index) else { return nil }
    let builder = ProbeRequests(plan: plan, time: options.time)
    return plan.identities.count * blockMethods.reduce(0) { $0 + builder.count($1, probe) }
  }

  /// What each of `indices` grants, as ``blockAccess(forMatch:budget:)``, for blocks that
  /// share one probe (the same full pattern): the probe requests are decided once for all of
  /// them, since each decision traces every matching block. Blocks without a probe, or whose
  /// probe differs from the first one's, are left out.
  public func blockAccess(forMatches indices: [Int], budget: inout Int) -> [BlockAccess] {
    guard let first = indices.first, let probe = probe(forMatch: first) else { return [] }
    let checked = ruleset.checked
    var result: [BlockAccess] = []
    // Where each decided statement's tally is, by its start (unique in the file): its block's
    // slot in `result` and its place among the block's statements.
    var position = KeyedTable<Int, (slot: Int, index: Int)>()
    var slot = KeyedTable<Int, Int>()
    for index in indices where slot[index] == nil && (index == first || self.probe(forMatch: index) == probe)
    {
      var statements: [StatementAccess] = []
      for statement in checked.matches[index].block.body {
        guard case .allow(let allow) = statement.kind else { continue }
        _ = position.insert((result.count, statements.count), for: statement.range.start)
        statements.append(
          StatementAccess(
            range: statement.range,
            methods: RequestMethods(granted: allow.methods, in: checked.version),
            reads: facts.reads[statement.range.start] ?? AllowReads()))
      }
      _ = slot.insert(result.count, for: index)
      result.append(
        BlockAccess(match: index, probe: probe, statements: statements, rulesetGrants: [:], isComplete: false)
      )
    }
    let builder = ProbeRequests(plan: plan, time: options.time)
    // The decisions are tallied by key number (``BlockKeys``).
    let keys = blockKeys.keys
    var requests: [(key: Int, request: Request, depth: Int)] = []
    // The probe requests differ between identities only by who asks: built once per method,
    // then re-addressed (``RulesEvaluator/Request/replacing(auth:)``).
    let methods = blockMethods
    let stored = builder.storedObjects(probe)
    var built: [[ProbeRequest]?] = Array(repeating: nil, count: methods.count)
    // By row: each identity's `auth` is read where it is stored, not copied into a tuple and
    // destroyed at every turn.
    for row in plan.identities.indices {
      for (place, method) in methods.enumerated() {
        let key = blockKeys.number(identity: row, method: place)
        guard let base = built[place] else {
          let fresh = builder.requests(method, probe, plan.identities[row], stored: stored)
          built[place] = fresh
          for probeRequest in fresh { requests.append((key, probeRequest.request, probeRequest.depth)) }
          continue
        }
        for probeRequest in base {
          requests.append((key, probeRequest.request.replacing(auth: auths[row]), probeRequest.depth))
        }
      }
    }
    guard budget >= requests.count else {
      budget = 0
      return result
    }
    budget -= requests.count
    var grants: [RulesetGrant?] = Array(repeating: nil, count: keys.count)
    // Empty for a key the ruleset never granted.
    var depths: [Set<Int>] = Array(repeating: [], count: keys.count)
    let blank = StatementTally(keys: keys.count)
    var tallies = result.map { Array(repeating: blank, count: $0.statements.count) }
    for (key, request, depth) in requests {
      let decision = ruleset.decide(request, firestore: options.firestore, detail: .everyStatementOutcomes)
      if decision.allowed { depths[key].insert(depth) }
      if decision.allowed, grants[key] == nil, case .granted(let block, let statement) = decision.reason {
        grants[key] = RulesetGrant(witness: request, block: block, statement: statement)
      }
      for block in decision.trace where slot[block.block] != nil {
        for allow in block.allows {
          guard let (at, index) = position[allow.range.start] else { continue }
          tallies[at][index].record(allow, key: key, request: request)
        }
      }
    }
    var rulesetGrants: [AccessKey: RulesetGrant] = [:]
    var rulesetGrantDepths: [AccessKey: Set<Int>] = [:]
    for (number, key) in keys.enumerated() {
      if let grant = grants[number] { rulesetGrants[key] = grant }
      if !depths[number].isEmpty { rulesetGrantDepths[key] = depths[number] }
    }
    for at in result.indices {
      for index in result[at].statements.indices {
        tallies[at][index].finish(&result[at].statements[index], keys: keys)
      }
      result[at].rulesetGrants = rulesetGrants
      result[at].rulesetGrantDepths = rulesetGrantDepths
      result[at].isComplete = true
    }
    return result
  }
}
