import RulesSemantics
import RulesSyntax

extension LintContext {
  /// The access path `expression` reads (`request.auth.uid`, `resource.metadata['k']`, a
  /// wildcard), following parameters and `let` names to what they are bound to.
  public func accessPath(_ expression: Expression, _ bindings: Bindings = Bindings()) -> AccessPath? {
    var fields = PathFields()
    guard let root = chainRoot(expression, bindings, hops: 0, depth: 0, into: &fields) else { return nil }
    fields.members.reverse()
    return AccessPath(root: root, members: fields.members)
  }

  /// What ``accessPath(_:_:)`` finds for `expression`, without building the path: whether
  /// there is one, how many fields it reads, and whether it is `request.auth` or below. It folds
  /// what ``accessPath(_:_:)`` folds, in the same order.
  func chainShape(_ expression: Expression, _ bindings: Bindings) -> ChainShape {
    var fields = FieldCount()
    guard let root = chainRoot(expression, bindings, hops: 0, depth: 0, into: &fields) else {
      return ChainShape(isPath: false, fields: 0, underAuth: false)
    }
    let underAuth = fields.nearest == "auth" && root == .global("request")
    return ChainShape(isPath: true, fields: fields.count, underAuth: underAuth)
  }

  /// The root of the chain `node` reads, following parameters and `let` names to what they are
  /// bound to (`hops` of them in a row so far), handing `fields` each field from the outermost
  /// read down to the root; nil when it is not an access path.
  ///
  /// By recursion, each node borrowed from its parent, down to ``walkRecursionDepth`` frames;
  /// then by a loop (``chainRootWithLoop(_:_:hops:into:)``), which goes the same way.
  private func chainRoot<Fields: ChainFields>(
    _ node: borrowing Expression, _ bindings: Bindings, hops: Int, depth: Int, into fields: inout Fields
  ) -> AccessPath.Root? {
    guard depth < walkRecursionDepth else {
      return chainRootWithLoop(copy node, bindings, hops: hops, into: &fields)
    }
    switch node.kind {
    case .identifier:
      guard let name = ruleset.resolution.names[node.range.start] else { return nil }
      if name.isLocal, hops < Self.maximumNameHops, let bound = bindings.value(of: name) {
        return chainRoot(bound.expression, bound.bindings, hops: hops + 1, depth: depth + 1, into: &fields)
      }
      return Self.root(name)
    case .member(let base, let name):
      fields.add(name.name)
      return chainRoot(base, bindings, hops: 0, depth: depth + 1, into: &fields)
    case .index(let base, let index):
      guard case .string(let key)? = constant(index, bindings) else { return nil }
      fields.add(key)
      return chainRoot(base, bindings, hops: 0, depth: depth + 1, into: &fields)
    default:
      return nil
    }
  }

  /// What ``chainRoot(_:_:hops:depth:into:)`` finds for `expression`, by a loop.
  private func chainRootWithLoop<Fields: ChainFields>(
    _ expression: Expression, _ bindings: Bindings, hops: Int, into fields: inout Fields
  ) -> AccessPath.Root? {
    // One loop for the chain and the names it passes through (``dereference(_:_:)``'s hops).
    var current = expression
    var currentBindings = bindings
    var hops = hops
    while true {
      let start = current.range.start
      // Taken apart as it is consumed: the parts are not copied out of it.
      switch (consume current).kind {
      case .identifier:
        guard let name = ruleset.resolution.names[start] else { return nil }
        if name.isLocal, hops < Self.maximumNameHops, let bound = currentBindings.value(of: name) {
          current = bound.expression
          currentBindings = bound.bindings
          hops += 1
          continue
        }
        return Self.root(name)
      case .member(let base, let name):
        fields.add(name.name)
        current = base
        hops = 0
      case .index(let base, let index):
        guard case .string(let key)? = constant(index, currentBindings) else { return nil }
        fields.add(key)
        current = base
        hops = 0
      default:
        return nil
      }
    }
  }

  /// The parameters and `let` names a chain passes through in a row, at most.
  private static let maximumNameHops = 64

  /// The root a resolved name is, when it is one.
  private static func root(_ name: ResolvedName) -> AccessPath.Root? {
    switch name {
    case .global(let name): .global(name)
    case .wildcard(let name): .wildcard(name)
    default: nil
    }
  }

  /// Every access path read within `expression` (following calls into user functions), with
  /// the range it is read at. A method call's name is not a field: `x.matches(p)` reads `x`.
  public func accessPaths(
    in expression: Expression, _ bindings: Bindings = Bindings()
  ) -> [(path: AccessPath, range: SourceRange)] {
    facts(expression, bindings).accessPaths
  }

  /// Whether anything within `expression` reads a path satisfying `predicate`.
  public func reads(
    _ expression: Expression, _ bindings: Bindings = Bindings(), where predicate: (AccessPath) -> Bool
  ) -> Bool {
    accessPaths(in: expression, bindings).contains { predicate($0.path) }
  }

  /// Every call of the built-in `namespace.function` within `expression`, following calls.
  public func builtinCalls(
    _ namespace: String, _ names: Set<String>, in expression: Expression, _ bindings: Bindings = Bindings()
  ) -> [(call: Expression, bindings: Bindings)] {
    facts(expression, bindings).calls.filter { call, _ in isBuiltin(call, namespace, names) }
  }

  /// `facts` with their Firestore look-ups of a document (`firestore.get`, `firestore.exists`)
  /// picked out: the facts of one `allow`'s condition, as the rules read them.
  func allowFacts(_ facts: ExpressionFacts) -> AllowFacts {
    let lookups = facts.calls.filter { call, _ in isBuiltin(call, "firestore", Self.firestoreLookups) }
    return AllowFacts(facts, firestoreLookups: lookups)
  }

  /// The names of Firestore's look-ups of a document (built once: a set literal in a loop is
  /// built at every turn).
  private static let firestoreLookups: Set<String> = ["get", "exists"]

  /// Whether `call` calls the built-in `namespace.name` for one of `names`.
  func isBuiltin(_ call: Expression, _ namespace: String, _ names: Set<String>) -> Bool {
    guard case .call(let callee, _) = call.kind, case .member(let base, let name) = callee.kind else {
      return false
    }
    return names.contains(name.name) && resolution(of: base) == .global(namespace)
  }

  /// Every call of a built-in function or method within `expression` (not of a user
  /// function), following calls, with the bindings each is read with.
  public func builtinAndMethodCalls(
    in expression: Expression, _ bindings: Bindings = Bindings()
  ) -> [(call: Expression, bindings: Bindings)] {
    facts(expression, bindings).calls
  }
}

/// What ``LintContext/chainShape(_:_:)`` tells of a chain: what its ``AccessPath`` would say,
/// without it.
struct ChainShape {
  /// Whether the chain is an access path.
  let isPath: Bool
  /// How many fields the path reads (its `members`).
  let fields: Int
  /// Whether the path starts with `request.auth`.
  let underAuth: Bool

  /// Whether the path reads below `request.auth` (`request.auth.uid`, two fields or more).
  var belowAuth: Bool { underAuth && fields >= 2 }
}

/// Where ``LintContext``'s chain walk hands the fields it passes, outermost first.
private protocol ChainFields {
  mutating func add(_ field: String)
}

/// The fields of a path, outermost first (``LintContext/accessPath(_:_:)``).
private struct PathFields: ChainFields {
  var members: [String] = []

  mutating func add(_ field: String) {
    if members.isEmpty { members.reserveCapacity(4) }
    members.append(field)
  }
}

/// How many fields a path reads, and the one nearest its root (``LintContext/chainShape(_:_:)``).
private struct FieldCount: ChainFields {
  var count = 0
  var nearest = ""

  mutating func add(_ field: String) {
    count += 1
    nearest = field
  }
}
