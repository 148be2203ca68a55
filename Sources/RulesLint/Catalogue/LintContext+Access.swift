import RulesSemantics
import RulesSyntax

extension LintContext {
  /// The access path `expression` reads (`request.auth.uid`, `resource.metadata['k']`, a
  /// wildcard), following parameters and `let` names to what they are bound to.
  public func accessPath(_ expression: Expression, _ bindings: Bindings = Bindings()) -> AccessPath? {
    var members: [String] = []
    guard
      let root = chainRoot(
        expression, bindings,
        field: { name in
          if members.isEmpty { members.reserveCapacity(4) }
          members.append(name)
        })
    else { return nil }
    members.reverse()
    return AccessPath(root: root, members: members)
  }

  /// What ``accessPath(_:_:)`` finds for `expression`, without building the path: whether
  /// there is one, how many fields it reads, and whether it is `request.auth` or below. It folds
  /// what ``accessPath(_:_:)`` folds, in the same order.
  func chainShape(_ expression: Expression, _ bindings: Bindings) -> ChainShape {
    var fields = 0
    // The field nearest the root so far: the chain is walked from its top down.
    var nearest = ""
    guard
      let root = chainRoot(
        expression, bindings,
        field: { name in
          fields += 1
          nearest = name
        })
    else { return ChainShape(isPath: false, fields: 0, underAuth: false) }
    let underAuth = nearest == "auth" && root == .global("request")
    return ChainShape(isPath: true, fields: fields, underAuth: underAuth)
  }

  /// The root of the chain `expression` reads, following parameters and `let` names to what
  /// they are bound to, calling `field` with each field from the outermost read down to the
  /// root; nil when it is not an access path.
  @inline(__always)
  private func chainRoot(
    _ expression: Expression, _ bindings: Bindings, field: (String) -> Void
  ) -> AccessPath.Root? {
    // One loop for the chain and the names it passes through (``dereference(_:_:)``'s hops).
    var current = expression
    var currentBindings = bindings
    var hops = 0
    while true {
      let start = current.range.start
      // Taken apart as it is consumed: the parts are not copied out of it.
      switch (consume current).kind {
      case .identifier:
        guard let name = ruleset.resolution.names[start] else { return nil }
        if name.isLocal, hops < 64, let bound = currentBindings.value(of: name) {
          current = bound.expression
          currentBindings = bound.bindings
          hops += 1
          continue
        }
        switch name {
        case .global(let name): return .global(name)
        case .wildcard(let name): return .wildcard(name)
        default: return nil
        }
      case .member(let base, let name):
        field(name.name)
        current = base
        hops = 0
      case .index(let base, let index):
        guard case .string(let key)? = constant(index, currentBindings) else { return nil }
        field(key)
        current = base
        hops = 0
      default:
        return nil
      }
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
