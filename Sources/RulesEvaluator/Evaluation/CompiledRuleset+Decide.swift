import RulesSemantics
import RulesSyntax

extension CompiledRuleset {
  /// Decides `request` as production would (decisions.md §3–13). With `trace`, the decision
  /// carries every matching block and `allow` and every sub-expression's value.
  public func decide(
    _ request: Request, firestore: FirestoreDocuments = FirestoreDocuments(), trace: Bool = false
  ) -> Decision {
    var none: RulesCoverage?
    return decide(request, firestore: firestore, detail: trace ? .values : .none, recording: &none)
  }

  /// Decides `request`, recording as much as `detail` asks for.
  public func decide(_ request: Request, firestore: FirestoreDocuments, detail: TraceDetail) -> Decision {
    var none: RulesCoverage?
    return decide(request, firestore: firestore, detail: detail, recording: &none)
  }

  /// Decides `request` as ``decide(_:firestore:detail:)`` does with
  /// ``TraceDetail/everyStatementOutcomes``, handing `body` each statement that decision's trace
  /// lists (the index of its block, in ``RulesSemantics/CheckedRuleset/matches``, and its
  /// trace), in the trace's order, instead of building the trace: the decision's
  /// ``Decision/trace`` is empty. For a caller that tallies every statement's outcome over many
  /// requests.
  public func decide(
    _ request: Request, firestore: FirestoreDocuments,
    eachStatementOutcome body: (_ block: Int, _ statement: AllowTrace) -> Void
  ) -> Decision {
    let context = request.context
    if let refused = refusal(context) { return refused }
    var none: RulesCoverage?
    let found = decideTraced(
      context, firestore: firestore, detail: .everyStatementOutcomes, recording: &none, entering: { _ in },
      statement: { block, statement in body(block.index, statement) })
    return decision(context, granted: found.granted, failure: found.failure, anyBlock: found.anyBlock)
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
    let context = request.context
    if let refused = refusal(context) { return refused }
    if detail == .none { return decideUntraced(context, firestore: firestore, recording: &recording) }
    let isList = context.method == .list
    var trace: [BlockTrace] = []
    let patterns = blockPatternTexts
    let found = decideTraced(
      context, firestore: firestore, detail: detail, recording: &recording,
      entering: { block in
        let names =
          detail == .everyStatementOutcomes
          ? []
          : block.pattern.namedBindings(block.wildcardNames, context.matchSegments, hypotheticalChild: isList)
        var allows: [AllowTrace] = []
        // Sized once for every statement the block has (the first append does not grow it).
        allows.reserveCapacity(block.allows.count)
        trace.append(
          BlockTrace(
            block: block.index, pattern: patterns[block.index], range: block.range, bindings: names,
            allows: allows))
      },
      // A statement is the last entered block's.
      statement: { _, statement in trace[trace.count - 1].allows.append(statement) })
    return decision(
      context, granted: found.granted, failure: found.failure, anyBlock: found.anyBlock, trace: trace)
  }

  /// The refusal of a `list` under rules_version 1, made before any rule is read; nil for any
  /// other request.
  private func refusal(_ context: RequestContext) -> Decision? {
    guard context.method == .list && version == .v1 else { return nil }
    return Decision(
      allowed: false, method: context.method, path: context.fullPath, rulesVersion: version,
      error: DecisionError(status: 400, message: FirebaseMessages.versionOneList), reason: .versionOneList,
      trace: [])
  }

  /// Decides with `detail` traced (any but ``TraceDetail/none``): hands `entering` each
  /// covering block, in source order, then `statement` each of its `allow`s that covers the
  /// method, in order, with its trace. What decides is the first granting `allow` or the first
  /// failure, as without a trace.
  private func decideTraced(
    _ context: RequestContext, firestore: FirestoreDocuments, detail: TraceDetail,
    recording: inout RulesCoverage?, entering: (CompiledBlock) -> Void,
    statement: (CompiledBlock, AllowTrace) -> Void
  ) -> (
    granted: (block: Int, statement: SourceRange)?, failure: (message: String, range: SourceRange)?,
    anyBlock: Bool
  ) {
    let method = context.method
    let isList = method == .list
    let path = context.matchSegments
    var evaluation = Evaluation(program: program, request: context, firestore: firestore)
    if detail == .values { evaluation.traced = [] }
    evaluation.coverage = recording.take()
    defer { recording = evaluation.coverage }
    var granted: (block: Int, statement: SourceRange)?
    var failure: (message: String, range: SourceRange)?
    var anyBlock = false
    let everyStatement =
      detail == .everyStatement || detail == .everyStatementOutcomes || detail == .everyStatementValues
    // Whether each statement alone records its values.
    let tracesAlone = detail == .everyStatementValues
    for candidate in candidates(path, hypotheticalChild: isList) {
      let block = blocks[candidate]
      guard block.pattern.covers(path, hypotheticalChild: isList) else { continue }
      anyBlock = true
      evaluation.pattern = block.pattern
      entering(block)
      for allow in block.allows where allow.methods.contains(method) {
        var traceEntry = AllowTrace(
          range: allow.range, conditionRange: allow.condition?.pointee.range, outcome: .skipped, values: [])
        if everyStatement && !tracesAlone && granted == nil && failure == nil && evaluation.isUnspent {
          // The decision's own evaluation has spent nothing yet: evaluating the statement there
          // is evaluating it alone, and leaves the decision's evaluation as taking that one over
          // would (``Evaluation/isUnspent``).
          traceEntry.outcome = outcome(of: allow, &evaluation)
          if traceEntry.granted { granted = (block.index, allow.range) }
          if case .error(let message) = traceEntry.outcome, let at = evaluation.fatal {
            failure = (message, at)
          }
        } else if everyStatement {
          // Each statement alone, on a fresh budget: the decision below is unchanged.
          var alone = Evaluation(program: program, request: context, firestore: firestore)
          alone.pattern = block.pattern
          if tracesAlone { alone.traced = [] }
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
        statement(block, traceEntry)
      }
    }
    return (granted, failure, anyBlock)
  }

  /// Decides with nothing traced (``TraceDetail/none``), as the traced path decides: the
  /// covering blocks in source order, stopping at the first granting `allow` or the first
  /// failure. A block none of whose `allow`s covers the method only counts as matched.
  private func decideUntraced(
    _ context: RequestContext, firestore: FirestoreDocuments, recording: inout RulesCoverage?
  ) -> Decision {
    let method = context.method
    let isList = method == .list
    var evaluation = Evaluation(program: program, request: context, firestore: firestore)
    // Without coverage (the common case) nothing moves in or out.
    if recording != nil { evaluation.coverage = recording.take() }
    defer { if evaluation.coverage != nil { recording = evaluation.coverage } }
    var anyBlock = false
    for candidate in candidates(context.matchSegments, hypotheticalChild: isList) {
      let block = blocks[candidate]
      guard block.pattern.covers(context.matchSegments, hypotheticalChild: isList) else { continue }
      anyBlock = true
      guard block.methods.contains(method) else { continue }
      evaluation.pattern = block.pattern
      for allow in block.allows where allow.methods.contains(method) {
        let result = outcome(of: allow, &evaluation)
        if result == .unconditional || result == .value(true) {
          return decision(context, granted: (block.index, allow.range), anyBlock: true)
        }
        if case .error(let message) = result, let at = evaluation.fatal {
          return decision(context, failure: (message, at), anyBlock: true)
        }
      }
    }
    return decision(context, anyBlock: anyBlock)
  }

  /// Only the blocks whose pattern may cover `path`, in source order (``BlockIndex``).
  @inline(__always)
  private func candidates(_ path: [String], hypotheticalChild: Bool) -> BlockCandidates {
    guard blockIndex.position != nil else { return BlockCandidates(all: blocks.count) }
    return indexedCandidates(path, hypotheticalChild: hypotheticalChild)
  }

  /// ``candidates(_:hypotheticalChild:)`` through the index: kept out of line, so that the
  /// usual small ruleset, without an index, pays nothing for it where it decides.
  @inline(never)
  private func indexedCandidates(_ path: [String], hypotheticalChild: Bool) -> BlockCandidates {
    BlockCandidates(
      keyed: blockIndex.keyed(path, hypotheticalChild: hypotheticalChild), others: blockIndex.others)
  }

  /// The decision for what deciding found: a failure wins, then a grant (an update of a missing
  /// object is refused whatever granted it), then whether any block matched.
  private func decision(
    _ context: RequestContext, granted: (block: Int, statement: SourceRange)? = nil,
    failure: (message: String, range: SourceRange)? = nil, anyBlock: Bool, trace: [BlockTrace] = []
  ) -> Decision {
    let method = context.method
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
      error: allowed ? nil : DecisionError(deniedAccessTo: context.path), reason: reason,
      trace: trace)
  }

  private func outcome(of allow: CompiledAllow, _ evaluation: inout Evaluation) -> AllowTrace.Outcome {
    let result: AllowTrace.Outcome
    if let condition = allow.condition {
      switch evaluation.evaluate(condition, nil) {
      case .bool(let value): result = .value(value)
      case .error(let error):
        if error.kind == .fatal, evaluation.fatal == nil { evaluation.fatal = condition.pointee.range }
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
  /// As `everyStatement`, without the blocks' wildcard bindings (``BlockTrace/bindings`` is
  /// empty): for a caller that reads only each statement's outcome.
  case everyStatementOutcomes
  /// As `everyStatement`, plus every sub-expression's value of each statement alone.
  case everyStatementValues
}
