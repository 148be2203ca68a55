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
    return blockDecisionCount(probe, ProbeRequests(plan: plan, time: options.time))
  }

  /// The probe requests `builder` makes on `probe` for every identity and method of
  /// ``blockMethods``, counted without building them.
  private func blockDecisionCount(_ probe: PatternProbe, _ builder: ProbeRequests) -> Int {
    plan.identities.count * blockMethods.reduce(0) { $0 + builder.count($1, probe) }
  }

  /// What each of `indices` grants, as ``blockAccess(forMatch:budget:)``, for blocks that
  /// share one probe (the same full pattern): the probe requests are decided once for all of
  /// them, since each decision traces every matching block. Blocks without a probe, or whose
  /// probe differs from the first one's, are left out.
  public func blockAccess(forMatches indices: [Int], budget: inout Int) -> [BlockAccess] {
    guard let first = indices.first, let probe = probe(forMatch: first) else { return [] }
    let checked = ruleset.checked
    var result: [BlockAccess] = []
    // Each decided statement's number in the tally (``StatementTally``), by its start (unique
    // in the file): the statements of `result`'s blocks numbered in order.
    var numbers = KeyedTable<Int, Int>()
    var statementCount = 0
    // Each block's slot in `result`, by index.
    var slot = KeyedTable<Int, Int>()
    for index in indices where slot[index] == nil && (index == first || self.probe(forMatch: index) == probe)
    {
      var statements: [StatementAccess] = []
      for statement in checked.matches[index].block.body {
        guard case .allow(let allow) = statement.kind else { continue }
        _ = numbers.insert(statementCount, for: statement.range.start)
        statementCount += 1
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
    // Counted before any request is built: each request is decided as it is made.
    let count = blockDecisionCount(probe, builder)
    guard budget >= count else {
      budget = 0
      return result
    }
    budget -= count
    // The decisions are tallied by key number (``BlockKeys``).
    let keys = blockKeys.keys
    var tally = GroupTally(keys: keys.count, statements: statementCount, numbers: numbers)
    // The probe requests differ between identities only by who asks: built once per method,
    // then re-addressed (``RulesEvaluator/Request/replacing(auth:)``).
    let methods = blockMethods
    let stored = builder.storedObjects(probe)
    var built: [[ProbeRequest]?] = Array(repeating: nil, count: methods.count)
    for row in plan.identities.indices {
      // Copied once per identity, not once per request.
      let auth = auths[row]
      for (place, method) in methods.enumerated() {
        let key = blockKeys.number(identity: row, method: place)
        if let base = built[place] {
          for probeRequest in base {
            decide(
              probeRequest.request.replacing(auth: auth), key: key, depth: probeRequest.depth, into: &tally)
          }
        } else {
          let fresh = builder.requests(method, probe, plan.identities[row], stored: stored)
          for probeRequest in fresh {
            decide(probeRequest.request, key: key, depth: probeRequest.depth, into: &tally)
          }
          built[place] = fresh
        }
      }
    }
    var rulesetGrants = [AccessKey: RulesetGrant](minimumCapacity: tally.grants.count { $0 != nil })
    var rulesetGrantDepths = [AccessKey: Set<Int>](minimumCapacity: tally.depths.count { !$0.isEmpty })
    for (number, key) in keys.enumerated() {
      if let grant = tally.grants[number] { rulesetGrants[key] = grant }
      if !tally.depths[number].isEmpty { rulesetGrantDepths[key] = tally.depths[number] }
    }
    var number = 0
    for at in result.indices {
      for index in result[at].statements.indices {
        tally.statements.finish(number, into: &result[at].statements[index], keys: keys)
        number += 1
      }
      result[at].rulesetGrants = rulesetGrants
      result[at].rulesetGrantDepths = rulesetGrantDepths
      result[at].isComplete = true
    }
    return result
  }

  /// Decides `request`, made for key number `key` on probe depth `depth`, with every matching
  /// statement evaluated alone, and adds what it found to `tally`.
  private func decide(_ request: Request, key: Int, depth: Int, into tally: inout GroupTally) {
    let decision = ruleset.decide(request, firestore: options.firestore) { _, allow in
      tally.record(allow, key: key, request: request)
    }
    tally.add(decision, of: request, key: key, depth: depth)
  }
}

/// What the decisions of one group of blocks (``AccessAudit/blockAccess(forMatches:budget:)``)
/// found, tallied as each is made: the ruleset's first grant and the depths it grants on by key
/// number, and each decided statement's tally.
private struct GroupTally {
  /// The first request the ruleset granted, by key number.
  var grants: [RulesetGrant?]
  /// The probe depths the ruleset granted, by key number; empty for a key never granted.
  var depths: [Set<Int>]
  /// What each of the group's statements decided alone.
  var statements: StatementTally
  /// Each of the group's statements' number in ``statements``, by its start.
  let numbers: KeyedTable<Int, Int>

  /// A tally of `keys` key numbers and `statements` statements, numbered by `numbers`.
  init(keys: Int, statements: Int, numbers: KeyedTable<Int, Int>) {
    grants = Array(repeating: nil, count: keys)
    depths = Array(repeating: [], count: keys)
    self.statements = StatementTally(statements: statements, keys: keys)
    self.numbers = numbers
  }

  /// Adds `decision`, of `request`, made for key number `key` on probe depth `depth`.
  mutating func add(_ decision: Decision, of request: Request, key: Int, depth: Int) {
    if decision.allowed { depths[key].insert(depth) }
    if decision.allowed, grants[key] == nil, case .granted(let block, let statement) = decision.reason {
      grants[key] = RulesetGrant(witness: request, block: block, statement: statement)
    }
  }

  /// Adds what statement `allow` decided alone on `request`, made for key number `key`, when it
  /// is one of the group's statements (a statement's start is its own in the whole file).
  mutating func record(_ allow: AllowTrace, key: Int, request: Request) {
    guard let number = numbers[allow.range.start] else { return }
    statements.record(allow, statement: number, key: key, request: request)
  }
}
