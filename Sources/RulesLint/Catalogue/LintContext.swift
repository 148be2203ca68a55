import Foundation
import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Synchronization

/// What a lint rule sees of one file: the analysed ruleset, every `allow` with its expanded
/// methods and full pattern, and helpers that follow conditions into the functions they call.
///
/// Facts are computed once per file, up front and on one thread, before any rule runs: the
/// auth guards (``authReads``), then each `allow`'s facts (``facts(for:)``: access paths,
/// comparisons with their sides resolved, built-in calls, Firestore look-ups) and the regex
/// calls (``regexCalls``). They are immutable, so rules read them without locks, and may run
/// concurrently. Each function call is walked once per distinct set of arguments
/// (``CallInstance``), within one budget per file (``LintLimits/maximumInlinedNodes``). Questions
/// about other expressions (constants, the facts of a sub-expression) are answered on demand and
/// memoised per call instance behind a lock.
public final class LintContext: Sendable {
  public let ruleset: CheckedRuleset
  /// Every `allow` written directly in a match block, in source order.
  public let allows: [LintAllow]
  /// The ``allows`` of each match block, by its index in ``matches``, in source order: rules
  /// that look at a block's statements together read them here instead of grouping (or
  /// filtering) every `allow` per block.
  public let allowsByMatch: [[LintAllow]]
  /// The time rules that compare with `request.time` are judged at.
  public let now: Date
  /// Evaluates constant expressions with the evaluator (``constant(_:_:)``).
  let constantFolder: ConstantFolder
  /// Expression nodes in each function's `let` values and `return`, by function index.
  let functionSizes: [Int]
  /// Call instances, caches and the budget, shared by every rule.
  let memo: CatalogueMemo
  /// The nodes this context may follow through function calls (``LintLimits/maximumInlinedNodes``).
  public let inliningBudget: Int
  /// The facts computed before any rule runs; empty while they are being computed.
  let precomputed: CatalogueFacts
  /// Frames the facts walk, the auth-guard walk and the resolution of a chain's path
  /// (``accessPath(_:_:)``) recurse before they go on with a stack or a loop
  /// (``LintLimits/maximumWalkRecursionDepth``; smaller only to test that the facts do not
  /// change).
  let walkRecursionDepth: Int

  /// The deepest call chain followed when inlining functions (Firebase's call-depth limit).
  public static let maximumInliningDepth = LintLimits.maximumInliningDepth

  /// - Parameter inliningBudget: expression nodes followed through function calls for the
  ///   whole file; smaller than the default only to test what happens when it runs out.
  /// - Parameter prefetchingAccessFacts: whether ``accessFacts`` start being decided on
  ///   another thread before the shared facts are computed on this one
  ///   (``RuleCatalogue/check(_:now:isEnabled:concurrentFacts:)``).
  public convenience init(
    ruleset: CheckedRuleset, now: Date, inliningBudget: Int = LintLimits.maximumInlinedNodes,
    prefetchingAccessFacts: Bool = false
  ) {
    self.init(
      ruleset: ruleset, now: now, inliningBudget: inliningBudget,
      prefetchingAccessFacts: prefetchingAccessFacts, thenRunning: nil)
  }

  /// - Parameter thenRunning: what the thread that decides the access facts runs once it has
  ///   stored them, when they are prefetched (``SharedRuleRun``).
  /// - Parameter walkRecursionDepth: as ``walkRecursionDepth``.
  convenience init(
    ruleset: CheckedRuleset, now: Date, inliningBudget: Int = LintLimits.maximumInlinedNodes,
    prefetchingAccessFacts: Bool, thenRunning: (@Sendable () -> Void)?,
    walkRecursionDepth: Int = LintLimits.maximumWalkRecursionDepth
  ) {
    // Started first: the facts need only the checked ruleset, not the context's machinery.
    let prefetch =
      prefetchingAccessFacts ? AccessFactsPrefetch(ruleset, now: now, afterwards: thenRunning) : nil
    let engine = LintContext(
      ruleset: ruleset, now: now, inliningBudget: inliningBudget, facts: .none,
      walkRecursionDepth: walkRecursionDepth)
    if let prefetch { engine.adopt { prefetch } }
    self.init(engine, facts: CatalogueFacts(engine))
  }

  /// A context without precomputed facts: the machinery ``CatalogueFacts`` computes them with.
  private init(
    ruleset: CheckedRuleset, now: Date, inliningBudget: Int, facts: CatalogueFacts, walkRecursionDepth: Int
  ) {
    self.ruleset = ruleset
    self.now = now
    self.inliningBudget = inliningBudget
    self.walkRecursionDepth = walkRecursionDepth
    self.memo = CatalogueMemo(remainingBudget: inliningBudget)
    self.constantFolder = ConstantFolder(ruleset)
    self.precomputed = facts
    var found: [(statement: AllowStatement, range: SourceRange, matchIndex: Int)] = []
    for (index, match) in ruleset.matches.enumerated() {
      for statement in match.block.body {
        guard case .allow(let allow) = statement.kind else { continue }
        found.append((allow, statement.range, index))
      }
    }
    found.sort { $0.range.start < $1.range.start }
    self.allows = found.enumerated().map { index, allow in
      LintAllow(
        statement: allow.statement, range: allow.range, index: index, matchIndex: allow.matchIndex,
        match: ruleset.matches[allow.matchIndex], version: ruleset.version)
    }
    var byMatch = [[LintAllow]](repeating: [], count: ruleset.matches.count)
    for allow in allows { byMatch[allow.matchIndex].append(allow) }
    self.allowsByMatch = byMatch
    memo.state.withLock { [count = allows.count] in $0.reserve(statements: count) }
    self.functionSizes = ruleset.functions.map { function in
      function.declaration.body.reduce(0) { total, statement in
        switch statement.kind {
        case .letBinding(_, let value), .returnStatement(let value): total + Self.nodeCount(value)
        }
      }
    }
  }

  /// `engine` with the facts computed on it: the same caches, budget and allows.
  private init(_ engine: LintContext, facts: CatalogueFacts) {
    self.ruleset = engine.ruleset
    self.now = engine.now
    self.inliningBudget = engine.inliningBudget
    self.walkRecursionDepth = engine.walkRecursionDepth
    self.memo = engine.memo
    self.constantFolder = engine.constantFolder
    self.allows = engine.allows
    self.allowsByMatch = engine.allowsByMatch
    self.functionSizes = engine.functionSizes
    self.precomputed = facts
  }

  public var source: SourceFile { ruleset.source }
  public var version: RulesVersion { ruleset.version }
  /// Every match block with its full pattern, parents before children.
  public var matches: [ResolvedMatch] { ruleset.matches }
  public var functions: [ResolvedFunction] { ruleset.functions }

  /// How much work the catalogue has done on this file so far, for tests and benchmarks.
  public var statistics: CatalogueStatistics { memo.state.withLock { $0.statistics } }

  /// The source text of `range`.
  public func text(_ range: SourceRange) -> String { source.text(range) }

  /// The source text of `range` without whitespace (`Character.isWhitespace`); ASCII text,
  /// the usual case, is filtered byte by byte.
  public func textWithoutWhitespace(_ range: SourceRange) -> String {
    let bytes = source.bytes
    let lower = max(0, min(range.start, bytes.count))
    let upper = max(lower, min(range.end, bytes.count))
    let slice = bytes[lower..<upper]
    guard slice.allSatisfy({ $0 < 0x80 }) else { return text(range).filter { !$0.isWhitespace } }
    // ASCII whitespace: tab, line feed, vertical tab, form feed, carriage return, space. The
    // kept bytes are written into the string's own storage (ASCII: valid UTF-8).
    return String(unsafeUninitializedCapacity: slice.count) { buffer in
      var count = 0
      for byte in slice where !Self.isASCIIWhitespace(byte) {
        buffer[count] = byte
        count += 1
      }
      return count
    }
  }

  /// Whether `byte` is ASCII whitespace as ``textWithoutWhitespace(_:)`` drops it: tab, line
  /// feed, vertical tab, form feed, carriage return, space.
  @inline(__always)
  static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    // 0x09 through 0x0D in one comparison (a byte below 0x09 wraps around to above 4).
    byte == 0x20 || byte &- 0x09 <= 0x0D - 0x09
  }

  /// What the identifier `expression` refers to, if it is a resolved identifier.
  public func resolution(of expression: RulesSyntax.Expression) -> ResolvedName? {
    guard case .identifier = expression.kind else { return nil }
    return ruleset.resolution.names[expression.range.start]
  }

  /// The user function a call expression calls, as an index into ``functions``.
  public func calledFunction(_ call: RulesSyntax.Expression) -> Int? {
    guard case .call(let callee, _) = call.kind, case .identifier = callee.kind else { return nil }
    return ruleset.resolution.calls[callee.range.start]
  }

  /// The `return` expression of function `index`.
  public func returnExpression(ofFunction index: Int) -> RulesSyntax.Expression? {
    for statement in functions[index].declaration.body {
      if case .returnStatement(let value) = statement.kind { return value }
    }
    return nil
  }

  /// The index of the segment after the conventional `/b/{bucket}/o` root, or 0 when the
  /// pattern does not start with it.
  public func objectPathStart(_ segments: [PathSegment]) -> Int {
    guard segments.count >= 3, case .literal("b") = segments[0].kind, case .wildcard = segments[1].kind,
      case .literal("o") = segments[2].kind
    else { return 0 }
    return 3
  }

  /// Whether a budget the rules share ran short: the inlining budget refused a call, or the
  /// folding budget has less than a request's left (``RulesEvaluator/ConstantFolder``). Until
  /// then, what each rule finds does not depend on the order the rules run in.
  var sharedBudgetsRanShort: Bool {
    memo.state.withLock { $0.budgetReachedIn != nil } || constantFolder.hasLessThanARequestLeft
  }

  /// The notes the file's findings come with: one RS190 when the inlining budget was reached,
  /// one when the access rules' decisions ran out.
  public func budgetNotes() -> [Diagnostic] {
    var notes: [Diagnostic] = []
    if let function = memo.state.withLock({ $0.budgetReachedIn }) {
      let name = functions[function].declaration.name
      notes.append(
        Diagnostic(
          SemanticDiagnostics.analysisBudget,
          "analysis budget reached in function \(name.name); findings may be incomplete (lint follows "
            + "at most \(inliningBudget) expression nodes through function calls per file)",
          at: name.range))
    }
    if let access = memo.state.withLock({ $0.accessFacts }), let block = access.firstUndecided,
      ruleset.matches.indices.contains(block)
    {
      let pattern = ruleset.matches[block].block.pattern
      notes.append(
        Diagnostic(
          SemanticDiagnostics.analysisBudget,
          "access budget reached at this block: RC113, RC114, RC312, RC313 and RC314 did not check it or the "
            + "blocks after it (lint decides at most \(access.decisionBudget) requests for this file, "
            + "\(LintLimits.maximumAccessBlockVisits) match-block visits in all)",
          at: pattern.range))
    }
    return notes
  }

  /// The number of nodes in `expression`.
  ///
  /// Counted by recursion, each node borrowed from its parent (as ``FactWalk`` walks), down to
  /// ``LintLimits/maximumWalkRecursionDepth`` frames; below that, each subtree is counted with a
  /// stack, so the count fits a secondary thread's stack whatever the nesting.
  static func nodeCount(_ expression: RulesSyntax.Expression) -> Int {
    var count = 0
    countNodes(expression, &count, depth: 0)
    return count
  }

  /// Adds the nodes of `node` to `count`, `depth` frames down.
  private static func countNodes(_ node: borrowing RulesSyntax.Expression, _ count: inout Int, depth: Int) {
    guard depth < LintLimits.maximumWalkRecursionDepth else {
      count += countNodesWithStack(copy node)
      return
    }
    count += 1
    let next = depth + 1
    switch node.kind {
    case .null, .bool, .integer, .float, .string, .bytes, .identifier, .missing:
      return
    case .binary(_, let left, let right):
      countNodes(left, &count, depth: next)
      countNodes(right, &count, depth: next)
    case .member(let base, _):
      countNodes(base, &count, depth: next)
    case .call(let callee, let arguments):
      countNodes(callee, &count, depth: next)
      for argument in arguments { countNodes(argument, &count, depth: next) }
    default:
      countChildren(copy node, &count, depth: next)
    }
  }

  /// Adds the nodes under `node` to `count` (the kinds ``countNodes(_:_:depth:)`` leaves to
  /// this).
  private static func countChildren(_ node: RulesSyntax.Expression, _ count: inout Int, depth: Int) {
    node.forEachChild { countNodes($0, &count, depth: depth) }
  }

  /// The number of nodes in `expression`, counted with a stack.
  private static func countNodesWithStack(_ expression: RulesSyntax.Expression) -> Int {
    var count = 0
    var pending = [expression]
    pending.reserveCapacity(16)
    while let node = pending.popLast() {
      count += 1
      // The usual kinds from the parts the switch holds; leaves push nothing.
      switch node.kind {
      case .null, .bool, .integer, .float, .string, .bytes, .identifier, .missing:
        continue
      case .binary(_, let left, let right):
        pending.append(right)
        pending.append(left)
      case .member(let base, _):
        pending.append(base)
      case .call(let callee, let arguments):
        pending.append(callee)
        pending.append(contentsOf: arguments)
      default:
        node.forEachChildReversed { pending.append($0) }
      }
    }
    return count
  }
}

/// How much work a ``LintContext`` has done.
public struct CatalogueStatistics: Sendable, Equatable {
  /// Distinct function calls (a function with its arguments) walked.
  public var callInstances = 0
  /// Expression nodes inside called functions walked, by every rule together.
  public var inlinedNodes = 0
  /// Expressions given to the evaluator's constant folder.
  public var foldedExpressions = 0
  /// Expressions whose facts (access paths, comparisons, calls) were collected.
  public var factWalks = 0
}

/// The lock-protected caches of a ``LintContext``, shared with the context its facts were
/// computed on.
final class CatalogueMemo: Sendable {
  let state: Mutex<CatalogueState>

  init(remainingBudget: Int) {
    self.state = Mutex(CatalogueState(remainingBudget: remainingBudget))
  }
}

/// The shared, lock-protected part of a ``LintContext``.
struct CatalogueState: Sendable {
  var instanceIDs = KeyedTable<CallInstance.Key, Int>()
  /// Instance `id` is at `instances[id - 1]`.
  var instances: [CallInstance] = []
  /// The instance (an id into ``instances``) each call site enters, by the call and the instance
  /// it is read in; a call that enters none is not recorded and is looked at again.
  var callTargets = KeyedTable<BoundKey, Int>()
  var facts = KeyedTable<BoundKey, ExpressionFacts>()
  var constants = KeyedTable<BoundKey, Value?>()
  /// What each call instance's body may be on a delete (``LintContext/outcomesOnDelete(_:)``).
  var deleteOutcomes = KeyedTable<Int, DeleteOutcome>()
  var fingerprints = KeyedTable<BoundKey, String>()
  var remainingBudget: Int
  /// The first function a walk did not enter for lack of budget.
  var budgetReachedIn: Int?
  var statistics = CatalogueStatistics()
  /// RC303's findings, once a rule asks (``ownerNotChecked``).
  var ownerNotChecked: RuleReport?
  /// What the audit engine decides about the file's blocks, once a rule asks (``accessFacts``).
  var accessFacts: AccessFacts?
  /// Those facts being decided on another thread, when a check started them early.
  var accessFactsPrefetch: AccessFactsPrefetch?

  init(remainingBudget: Int) {
    self.remainingBudget = remainingBudget
  }

  /// Makes room for what a file of `statements` allow statements usually asks (about two call
  /// sites and two folds per statement), instead of rehashing as the caches grow.
  mutating func reserve(statements: Int) {
    callTargets.reserveCapacity(2 * statements)
    constants.reserveCapacity(2 * statements)
    facts.reserveCapacity(statements)
    instanceIDs.reserveCapacity(statements)
  }
}
