import RulesSyntax

/// What the catalogue knows about one `allow`'s condition, following the functions it calls:
/// computed once per file before any rule runs (``LintContext/facts(for:)``), so rules read it
/// instead of walking the condition again. Empty for an `allow` without a condition.
public struct AllowFacts: Sendable {
  /// Every access path read, in walk order, with the range it is read at
  /// (``LintContext/accessPaths(in:_:)``).
  public let accessPaths: [(path: AccessPath, range: SourceRange)]
  /// The access paths, keeping only the longest read at each position
  /// (``LintContext/outermostAccesses(in:_:)``); worked out on each use.
  public var outermostAccesses: [(path: AccessPath, range: SourceRange)] { Self.outermost(accessPaths) }
  /// Every `==`, `!=`, `<`, `<=`, `>`, `>=` and `in`, with the paths of their sides.
  public let comparisons: [Comparison]
  /// Every call of a built-in function or method (not of a user function), with its bindings.
  public let calls: [(call: Expression, bindings: Bindings)]
  /// The calls of user functions written in the condition itself, in source order.
  public let userCalls: [Expression]
  /// The calls of `firestore.get` and `firestore.exists` among ``calls``.
  public let firestoreLookups: [(call: Expression, bindings: Bindings)]

  static let empty = AllowFacts(ExpressionFacts(), firestoreLookups: [])

  init(_ facts: ExpressionFacts, firestoreLookups: [(call: Expression, bindings: Bindings)]) {
    self.accessPaths = facts.accessPaths
    self.comparisons = facts.comparisons
    self.calls = facts.calls
    self.userCalls = facts.userCalls
    self.firestoreLookups = firestoreLookups
  }

  /// Whether the condition reads a path satisfying `predicate`.
  public func reads(where predicate: (AccessPath) -> Bool) -> Bool {
    accessPaths.contains { predicate($0.path) }
  }

  /// The reads of `all` that are the longest at their position.
  static func outermost(
    _ all: [(path: AccessPath, range: SourceRange)]
  ) -> [(path: AccessPath, range: SourceRange)] {
    // A typical condition's few reads are compared pairwise, without building a table, by
    // index: a read copied out of the list retains its path's parts.
    if all.count <= 16 {
      var kept: [(path: AccessPath, range: SourceRange)] = []
      kept.reserveCapacity(all.count)
      for index in all.indices {
        let range = all[index].range
        let covered = all.indices.contains { other in
          all[other].range.start == range.start && all[other].range.end > range.end
        }
        if !covered { kept.append(all[index]) }
      }
      return kept
    }
    var longest: [Int: Int] = [:]
    for (_, range) in all { longest[range.start] = max(longest[range.start] ?? range.end, range.end) }
    return all.filter { longest[$0.range.start] == $0.range.end }
  }
}

/// The facts of one file that every rule shares, computed in a fixed order on one thread: the
/// auth guards first, then each `allow`'s facts in source order, then the regex calls.
struct CatalogueFacts: Sendable {
  let allows: [AllowFacts]
  let regexCalls: [RegexCall]
  let authReads: [(path: AccessPath, range: SourceRange)]

  /// Nothing yet: the facts of the context they are being computed on.
  static let none = CatalogueFacts(allows: [], regexCalls: [], authReads: [])

  private init(
    allows: [AllowFacts], regexCalls: [RegexCall], authReads: [(path: AccessPath, range: SourceRange)]
  ) {
    self.allows = allows
    self.regexCalls = regexCalls
    self.authReads = authReads
  }

  init(_ context: LintContext) {
    var guards = AuthGuardWalk(context: context)
    for allow in context.allows {
      guard let condition = allow.condition else { continue }
      guards.visit(condition)
    }
    let allows = context.allows.map { allow -> AllowFacts in
      guard let condition = allow.condition else { return .empty }
      return context.allowFacts(context.facts(condition, Bindings()))
    }
    self.init(allows: allows, regexCalls: RegexCall.all(in: allows), authReads: guards.unguarded)
  }
}
