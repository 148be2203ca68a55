import RulesSemantics
import RulesSyntax

extension CompiledRuleset {
  /// Decides `request` as production would (decisions.md §3–13). With `trace`, the decision
  /// carries every matching block and `allow` and every sub-expression's value.
  public func decide(
    _ request: Request, firestore: FirestoreDocuments = FirestoreDocuments(), trace: Bool = false
  ) -> Decision {
    decide(request, firestore: firestore, detail: trace ? .values : .none)
  }

  /// Decides `request`, recording as much as `detail` asks for.
  public func decide(_ request: Request, firestore: FirestoreDocuments, detail: TraceDetail) -> Decision {
    var none: RulesCoverage?
    return decide(request, firestore: firestore, detail: detail, recording: &none)
  }

  /// Decides `request` as ``decide(_:firestore:detail:)`` does and adds to `coverage` which
  /// statements were evaluated and granted and which outcomes the conditions took.
  public func decide(
    _ request: Request, firestore: FirestoreDocuments = FirestoreDocuments(), detail: TraceDetail = .none,
    coverage: inout RulesCoverage
  ) -> Decision {
    var recorder: RulesCoverage? = coverage.takeAll()
    let decision = decide(request, firestore: firestore, detail: detail, recording: &recorder)
    if let recorder { coverage = recorder }
    return decision
  }

  private func decide(
    _ request: Request, firestore: FirestoreDocuments, detail: TraceDetail, recording: inout RulesCoverage?
  ) -> Decision {
    let trace = detail != .none
    let context = request.context
    let method = context.method
    if method == .list && version == .v1 {
      return Decision(
        allowed: false, method: method, path: context.fullPath, rulesVersion: version,
        error: DecisionError(status: 400, message: FirebaseMessages.versionOneList), reason: .versionOneList,
        trace: [])
    }
    let isList = method == .list
    let path = context.matchSegments
    var evaluation = Evaluation(program: program, request: context, firestore: firestore)
    evaluation.matchSegments = path
    if detail == .values { evaluation.traced = [] }
    evaluation.coverage = recording.take()
    defer { recording = evaluation.coverage }
    var granted: (block: Int, statement: SourceRange)?
    var failure: (message: String, range: SourceRange)?
    var anyBlock = false
    var traced: [BlockTrace] = []
    // Only the blocks whose pattern may cover the path, in source order (``BlockIndex``).
    let candidates =
      blockIndex.position == nil
      ? BlockCandidates(all: blocks.count)
      : BlockCandidates(keyed: blockIndex.keyed(path, hypotheticalChild: isList), others: blockIndex.others)
    for candidate in candidates {
      let block = blocks[candidate]
      if !trace && (granted != nil || failure != nil) { break }
      guard block.pattern.covers(path, hypotheticalChild: isList) else { continue }
      anyBlock = true
      // Without a trace, a block none of whose `allow`s covers the method only counts as matched.
      if !trace && !block.methods.contains(method) { continue }
      evaluation.pattern = block.pattern
      var allows: [AllowTrace] = []
      for allow in block.allows where allow.methods.contains(method) {
        if !trace {
          // The fast path: stop at the first grant or failure, record nothing.
          guard granted == nil && failure == nil else { break }
          let result = outcome(of: allow, &evaluation)
          if result == .unconditional || result == .value(true) { granted = (block.index, allow.range) }
          if case .error(let message) = result, let at = evaluation.fatal { failure = (message, at) }
          continue
        }
        var traceEntry = AllowTrace(
          range: allow.range, conditionRange: allow.condition?.range, outcome: .skipped, values: [])
        if detail == .everyStatement || detail == .everyStatementValues {
          // Each statement alone, on a fresh budget: the decision below is unchanged.
          var alone = Evaluation(program: program, request: context, firestore: firestore)
          alone.matchSegments = path
          alone.pattern = block.pattern
          if detail == .everyStatementValues { alone.traced = [] }
          traceEntry.outcome = outcome(of: allow, &alone)
          traceEntry.values = alone.traced ?? []
          if granted == nil && failure == nil {
            // The decision's own evaluation of the statement: the one alone, when it stands for it.
            let result = evaluation.absorb(alone) ? traceEntry.outcome : outcome(of: allow, &evaluation)
            if result == .unconditional || result == .value(true) { granted = (block.index, allow.range) }
            if case .error(let message) = result, let at = evaluation.fatal { failure = (message, at) }
          }
        } else if granted == nil && failure == nil {
          traceEntry.outcome = outcome(of: allow, &evaluation)
          if traceEntry.granted { granted = (block.index, allow.range) }
          if case .error(let message) = traceEntry.outcome, evaluation.fatal != nil {
            failure = (message, evaluation.fatal ?? allow.range)
          }
          if detail == .values {
            traceEntry.values = evaluation.traced ?? []
            evaluation.traced = []
          }
        }
        if trace { allows.append(traceEntry) }
      }
      if trace {
        let names = block.pattern.namedBindings(block.wildcardNames, path, hypotheticalChild: isList)
        traced.append(
          BlockTrace(
            block: block.index, pattern: block.patternText, range: block.range, bindings: names,
            allows: allows))
      }
    }
    let reason: DecisionReason
    var allowed = false
    if let failure {
      reason = .limitExceeded(failure.message, at: failure.range)
    } else if let granted {
      if method == .update && !context.hasResource {
        reason = .updateOfMissingObject
      } else {
        reason = .granted(block: granted.block, statement: granted.statement)
        allowed = true
      }
    } else {
      reason = anyBlock ? .noGrantingAllow : .noMatchingBlock
    }
    return Decision(
      allowed: allowed, method: method, path: context.fullPath, rulesVersion: version,
      error: allowed ? nil : DecisionError(status: 403, message: context.denialMessage), reason: reason,
      trace: traced)
  }

  private func outcome(of allow: CompiledAllow, _ evaluation: inout Evaluation) -> AllowTrace.Outcome {
    let result: AllowTrace.Outcome
    if let condition = allow.condition {
      switch evaluation.evaluate(condition, nil) {
      case .bool(let value): result = .value(value)
      case .error(let error):
        if error.kind == .fatal, evaluation.fatal == nil { evaluation.fatal = condition.range }
        result = .error(error.message)
      case let other: result = .notBoolean(other.typeName)
      }
    } else {
      result = .unconditional
    }
    if evaluation.coverage != nil {
      evaluation.coverage?.recordStatement(
        allow.index, granted: result == .unconditional || result == .value(true))
    }
    return result
  }
}

/// How much a decision records.
public enum TraceDetail: Sendable {
  /// Nothing: the fastest path, which stops at the first granting `allow`.
  case none
  /// Every matching block and the outcome of each relevant `allow`.
  case statements
  /// As `statements`, plus every sub-expression's value.
  case values
  /// Every matching block and the outcome of every relevant `allow`, each evaluated on its own
  /// (a fresh expression and look-up budget, none skipped after a grant): what each statement
  /// alone would decide. The decision itself is the same as with ``none``.
  case everyStatement
  /// As `everyStatement`, plus every sub-expression's value of each statement alone.
  case everyStatementValues
}
