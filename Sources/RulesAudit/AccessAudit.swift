import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// The access audit of a compiled ruleset: probes derived from its patterns and conditions,
/// each decided by ``RulesEvaluator/CompiledRuleset/decide(_:firestore:trace:)``.
///
/// Contract: at most ``AuditOptions/budget`` decisions per ``matrix()``; never throws or
/// traps on any ruleset the compiler accepted.
public struct AccessAudit: Sendable {
  public let ruleset: CompiledRuleset
  public let options: AuditOptions
  public let plan: ProbePlan
  let facts: ConditionFacts
  /// Whether some `allow` reads what a probe cannot know (so traced decisions are worth it).
  let readsUnknowns: Bool
  /// Decisions this audit may make: ``AuditOptions/budget``, and no more than
  /// ``AuditOptions/blockVisits`` divided by the number of match blocks, each decision charged
  /// as if it walked every block (at worst it does; the block index usually spares most).
  public let decisionBudget: Int
  /// Each identity's `request.auth`, by index into the plan's identities (built once per audit).
  let auths: [AuthContext?]
  /// The keys of ``blockAccess(forMatches:budget:)``, numbered.
  let blockKeys: BlockKeys
  /// ``probe(forMatch:)`` of the blocks with an `allow`, by match index, when the plan is the
  /// ruleset's own (built for it anyway); empty otherwise.
  let blockProbes: [Int: PatternProbe]

  /// An audit of `ruleset`; `plan` replaces the ruleset's own (a diff passes the merged plan).
  public init(ruleset: CompiledRuleset, options: AuditOptions, plan: ProbePlan? = nil) {
    self.ruleset = ruleset
    self.options = options
    let facts = ConditionFacts(ruleset.checked)
    self.facts = facts
    if let plan {
      self.plan = plan
      self.blockProbes = [:]
    } else {
      // The plan's probes are the blocks' own (``probe(forMatch:)``): kept, not built again.
      let found = ProbePlan.blockProbes(ruleset.checked, facts: facts, bucket: options.bucket)
      self.plan = ProbePlan(ruleset.checked, facts: facts, blockProbes: found)
      self.blockProbes = Dictionary(uniqueKeysWithValues: found.map { ($0.match, $0.probe) })
    }
    self.auths = self.plan.identities.map(\.auth)
    var readsUnknowns = false
    for reads in facts.reads.values where reads.time || !reads.documents.isEmpty { readsUnknowns = true }
    self.readsUnknowns = readsUnknowns
    let blocks = max(1, ruleset.checked.matches.count)
    self.decisionBudget = min(options.budget, max(1, options.blockVisits / blocks))
    self.blockKeys = BlockKeys(identities: self.plan.identities, methods: Self.blockMethods(ruleset.version))
  }

  /// The plan this ruleset derives by itself.
  public static func plan(of ruleset: CompiledRuleset, options: AuditOptions) -> ProbePlan {
    ProbePlan(ruleset.checked, facts: ConditionFacts(ruleset.checked), bucket: options.bucket)
  }

  /// The probe of match block `index` (into ``RulesSemantics/CheckedRuleset/matches``), for a
  /// lint rule that asks about one block: nil when the block is not under `/b/{bucket}/o`.
  public func probe(forMatch index: Int) -> PatternProbe? {
    let checked = ruleset.checked
    guard checked.matches.indices.contains(index), checked.matches[index].appliesToStorage else { return nil }
    if let known = blockProbes[index] { return known }
    return PatternProbe(
      checked.matches[index], version: checked.version, defaultBucket: options.bucket,
      examples: facts.wildcardExamples)
  }

  /// Every cell of the plan, in order, until the budget runs out.
  public func matrix() -> AccessMatrix {
    var budget = decisionBudget
    var cells: [AccessCell] = []
    var exhausted = false
    let patterns = audited()
    for (index, pattern) in patterns.enumerated() {
      for identity in plan.identities {
        for method in AccessMatrix.methods {
          let cell = self.cell(
            pattern.probe, identity: identity, method: method, index: index, budget: &budget)
          if cell.access == .notProbed { exhausted = true }
          cells.append(cell)
        }
      }
    }
    return AccessMatrix(
      rulesVersion: ruleset.version, patterns: patterns, identities: plan.identities, cells: cells,
      decisions: decisionBudget - budget, budgetExhausted: exhausted)
  }

  /// One cell: whether `identity` may `method` A's instance of `probe`, decided on every probe
  /// request, spending at most `budget` decisions (a cheap question for a lint rule: "can a
  /// stranger write A's instance of this pattern?").
  public func cell(
    _ probe: PatternProbe, identity: AuditIdentity, method: RequestMethod, index: Int = 0, budget: inout Int
  ) -> AccessCell {
    var cell = AccessCell(
      pattern: index, identity: identity, method: method, access: .never, grant: nil, qualifiers: [],
      unknowns: [],
      witness: nil, probes: 0, allowedProbes: 0)
    // An exhausted budget costs nothing more: no request is built.
    guard budget > 0 else {
      cell.access = .notProbed
      return cell
    }
    let requests = ProbeRequests(plan: plan, time: options.time).requests(method, probe, identity)
    guard budget >= requests.count + 1 else {
      // Stop here: every later cell is not probed either, and costs nothing.
      budget = 0
      cell.access = .notProbed
      return cell
    }
    if method == .list && ruleset.version == .v1 {
      // Refused before any rule is read: one decision says so for every folder.
      cell.witness = requests.first?.request
      if let request = cell.witness {
        budget -= 1
        cell.probes = 1
        if ruleset.decide(request, firestore: options.firestore).allowed { cell.access = .always }
      }
      return cell
    }
    var allowed: [ProbeRequest] = []
    var denied: [ProbeRequest] = []
    var grantReads = AllowReads()
    cell.allowedMask.reserveCapacity(requests.count)
    for probeRequest in requests {
      let decision = ruleset.decide(probeRequest.request, firestore: options.firestore)
      budget -= 1
      cell.allowedMask.append(decision.allowed)
      if decision.allowed {
        if case .granted(_, let statement) = decision.reason {
          if cell.grant == nil { cell.grant = statement }
          grantReads.formUnion(facts.reads[statement.start] ?? AllowReads())
        }
        if cell.witness == nil || allowed.isEmpty { cell.witness = probeRequest.request }
        allowed.append(probeRequest)
      } else {
        if allowed.isEmpty { cell.witness = probeRequest.request }
        denied.append(probeRequest)
      }
    }
    cell.probes = requests.count
    cell.allowedProbes = allowed.count
    cell.access = allowed.isEmpty ? .never : denied.isEmpty ? .always : .sometimes
    if cell.access == .sometimes {
      cell.qualifiers = Self.qualifiers(
        method, allowed: allowed, denied: denied, families: plan.contentTypeFamilies)
    }
    if method == .create, let first = allowed.first, let limit = largestSize(first.request, budget: &budget) {
      // The evaluator finds the bound wherever it comes from (a function argument, a `let`).
      cell.qualifiers.removeAll {
        if case .sizeAtMost = $0 { true } else { $0 == .someRequests }
      }
      cell.qualifiers.append(.sizeAtMost(limit))
      cell.access = .sometimes
    }
    if cell.access != .always || !unknowns(of: grantReads).isEmpty, let first = requests.first {
      cell.unknowns = unknowns(deciding: first.request, budget: &budget)
    }
    return cell
  }

  /// The largest upload size allowed for `request` (an allowed create), found by bisection
  /// between its size and ``largestProbedSize``; nil when that largest size is allowed too (no
  /// bound), or when the budget cannot pay for the search (at most 42 decisions).
  private func largestSize(_ request: Request, budget: inout Int) -> Int64? {
    guard budget > 42, var metadata = request.requestResource, case .int(var low)? = metadata["size"] else {
      return nil
    }
    func allowed(_ size: Int64) -> Bool {
      metadata["size"] = .int(size)
      budget -= 1
      let probe = Request(
        method: .create, bucket: request.bucket, path: request.path, auth: request.auth,
        resource: request.resource, requestResource: metadata, time: request.time)
      return ruleset.decide(probe, firestore: options.firestore).allowed
    }
    var high = Self.largestProbedSize
    guard !allowed(high) else { return nil }
    // low is allowed, high is not.
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if allowed(middle) { low = middle } else { high = middle }
    }
    return low
  }

  /// The largest upload size probed: 1 TiB, past Cloud Storage's 5 TiB object limit's
  /// practical reach and any bound a rules file sets.
  static let largestProbedSize: Int64 = 1 << 40

  /// What a probe cannot know about `request`: the unknown reads of every `allow` that
  /// applies to it (one traced decision, only when the rules read such things at all).
  private func unknowns(deciding request: Request, budget: inout Int) -> [AccessUnknown] {
    guard readsUnknowns, !(options.firestoreIsGiven && options.timeIsGiven), budget > 0 else { return [] }
    budget -= 1
    let decision = ruleset.decide(request, firestore: options.firestore, detail: .statements)
    var reads = AllowReads()
    for block in decision.trace {
      for allow in block.allows { reads.formUnion(facts.reads[allow.range.start] ?? AllowReads()) }
    }
    return unknowns(of: reads)
  }

  private func unknowns(of reads: AllowReads) -> [AccessUnknown] {
    var result: [AccessUnknown] = []
    if !options.firestoreIsGiven { result += reads.documents.map(AccessUnknown.firestoreDocument) }
    if !options.timeIsGiven && reads.time { result.append(.time) }
    return result
  }

  /// Each plan pattern with the `allow`s of this ruleset's blocks that have it; one pass over
  /// the blocks.
  private func audited() -> [AuditedPattern] {
    let checked = ruleset.checked
    var byProbe: [PatternProbe: AuditedPattern] = [:]
    for match in checked.matches where match.appliesToStorage {
      guard
        let probe = PatternProbe(
          match, version: checked.version, defaultBucket: options.bucket, examples: facts.wildcardExamples)
      else {
        continue
      }
      var pattern = byProbe[probe] ?? AuditedPattern(probe: probe, allows: [], range: nil)
      if pattern.range == nil { pattern.range = match.block.keywordRange.union(match.block.pattern.range) }
      for statement in match.block.body {
        guard case .allow(let allow) = statement.kind else { continue }
        let methods = RequestMethods(granted: allow.methods, in: checked.version)
        pattern.allows.append(
          AuditedAllow(
            range: statement.range, methods: methods,
            reads: facts.reads[statement.range.start] ?? AllowReads()))
      }
      byProbe[probe] = pattern
    }
    return plan.patterns.map { byProbe[$0] ?? AuditedPattern(probe: $0, allows: [], range: nil) }
  }
}
