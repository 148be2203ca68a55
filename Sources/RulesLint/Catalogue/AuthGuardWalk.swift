import RulesSyntax

/// The walk behind ``LintContext/authReads``: each expression with whether the user is known to
/// be signed in there. A call instance is entered once per guard state for the whole file (what
/// it finds depends on nothing else), and each guard question is answered once.
struct AuthGuardWalk {
  let context: LintContext
  /// The reads found so far, in walk order.
  private(set) var unguarded: [(path: AccessPath, range: SourceRange)] = []
  private var entered = KeyedTable<Entry, Bool>()
  private var established = KeyedTable<Question, Bool>()
  /// Frames ``visit(_:)`` recurses before it goes on with a stack (the context's
  /// ``LintContext/walkRecursionDepth``).
  private let recursionDepth: Int

  private struct Entry: TableKey {
    let instance: BoundKey
    let guarded: Bool
    var tableHash: Int { instance.tableHash &* 2 &+ (guarded ? 1 : 0) }
  }

  private struct Question: TableKey {
    let expression: BoundKey
    let signedIn: Bool
    var tableHash: Int { expression.tableHash &* 2 &+ (signedIn ? 1 : 0) }
  }

  init(context: LintContext) {
    self.context = context
    self.recursionDepth = context.walkRecursionDepth
    // About two guard questions and one entered call per statement in the usual file: room
    // up front instead of rehashing as they grow.
    established.reserveCapacity(2 * context.allows.count)
    entered.reserveCapacity(2 * context.allows.count)
  }

  /// Adds the unguarded reads in `condition`.
  ///
  /// The walk goes by recursion, each node borrowed from its parent (as ``FactWalk`` does), and
  /// past ``recursionDepth`` frames goes on with a stack (``walkWithStack(_:_:guarded:prefix:)``)
  /// from the node it reached, in the same order and with the same state: what it finds, and
  /// the order it asks the context (call instances, guard questions), do not depend on where it
  /// changes over.
  mutating func visit(_ condition: Expression) {
    visit(condition, Bindings(), guarded: false, prefix: false, depth: 0)
  }

  /// Visits `expression` read with `bindings`, `guarded` when the user is known to be signed
  /// in there; `prefix` when it is the base of a chain whose path was found and is not a read
  /// below `request.auth`, so neither is its own (a prefix of it).
  private mutating func visit(
    _ expression: borrowing Expression, _ bindings: Bindings, guarded: Bool, prefix: Bool, depth: Int
  ) {
    guard depth < recursionDepth else {
      walkWithStack(copy expression, bindings, guarded: guarded, prefix: prefix)
      return
    }
    let next = depth + 1
    switch expression.kind {
    case .binary(.logicalAnd, let left, let right):
      let rightGuarded = guarded || establishes(left, bindings, signedIn: true)
      visit(left, bindings, guarded: guarded, prefix: false, depth: next)
      visit(right, bindings, guarded: rightGuarded, prefix: false, depth: next)
    case .binary(.logicalOr, let left, let right):
      let rightGuarded = guarded || establishes(left, bindings, signedIn: false)
      visit(left, bindings, guarded: guarded, prefix: false, depth: next)
      visit(right, bindings, guarded: rightGuarded, prefix: false, depth: next)
    case .ternary(let condition, let then, let otherwise):
      let thenGuarded = guarded || establishes(condition, bindings, signedIn: true)
      visit(condition, bindings, guarded: guarded, prefix: false, depth: next)
      visit(then, bindings, guarded: thenGuarded, prefix: false, depth: next)
      visit(otherwise, bindings, guarded: guarded, prefix: false, depth: next)
    case .member(let base, _):
      guard let resolved = chain(expression, bindings, guarded: guarded, prefix: prefix) else { return }
      visit(base, bindings, guarded: guarded, prefix: resolved, depth: next)
    case .index(let base, let index):
      guard let resolved = chain(expression, bindings, guarded: guarded, prefix: prefix) else { return }
      visit(base, bindings, guarded: guarded, prefix: resolved, depth: next)
      visit(index, bindings, guarded: guarded, prefix: false, depth: next)
    case .call(let callee, let arguments):
      let body = enteredBody(copy expression, bindings, guarded: guarded)
      // A method's name is not a field: `x.matches(p)` reads `x`.
      if case .member(let base, _) = callee.kind {
        visit(base, bindings, guarded: guarded, prefix: false, depth: next)
      }
      for argument in arguments { visit(argument, bindings, guarded: guarded, prefix: false, depth: next) }
      if let (body, inner) = body { visit(body, inner, guarded: guarded, prefix: false, depth: next) }
    case .null, .bool, .integer, .float, .string, .bytes, .identifier, .missing:
      return
    case .binary(_, let left, let right):
      visit(left, bindings, guarded: guarded, prefix: false, depth: next)
      visit(right, bindings, guarded: guarded, prefix: false, depth: next)
    case .unary(_, let operand):
      visit(operand, bindings, guarded: guarded, prefix: false, depth: next)
    default:
      visitChildren(copy expression, bindings, guarded: guarded, depth: next)
    }
  }

  /// Visits the children of `expression`, in order (the kinds
  /// ``visit(_:_:guarded:prefix:depth:)`` leaves to this).
  private mutating func visitChildren(
    _ expression: Expression, _ bindings: Bindings, guarded: Bool, depth: Int
  ) {
    expression.forEachChild { visit($0, bindings, guarded: guarded, prefix: false, depth: depth) }
  }

  /// Adds the unguarded reads under `root` (as ``visit(_:_:guarded:prefix:depth:)`` would),
  /// walking with a stack.
  private mutating func walkWithStack(
    _ root: Expression, _ rootBindings: Bindings, guarded: Bool, prefix: Bool
  ) {
    var pending: [(Expression, Bindings, guarded: Bool, prefix: Bool)] = [
      (root, rootBindings, guarded, prefix)
    ]
    pending.reserveCapacity(32)
    // Children are pushed last first, so they are visited in source order.
    while let (expression, bindings, guarded, prefix) = pending.popLast() {
      switch expression.kind {
      case .binary(.logicalAnd, let left, let right):
        pending.append((right, bindings, guarded || establishes(left, bindings, signedIn: true), false))
        pending.append((left, bindings, guarded, false))
      case .binary(.logicalOr, let left, let right):
        pending.append((right, bindings, guarded || establishes(left, bindings, signedIn: false), false))
        pending.append((left, bindings, guarded, false))
      case .ternary(let condition, let then, let otherwise):
        pending.append((otherwise, bindings, guarded, false))
        pending.append((then, bindings, guarded || establishes(condition, bindings, signedIn: true), false))
        pending.append((condition, bindings, guarded, false))
      case .member(let base, _), .index(let base, _):
        guard let resolved = chain(expression, bindings, guarded: guarded, prefix: prefix) else { continue }
        if case .index(_, let index) = expression.kind { pending.append((index, bindings, guarded, false)) }
        pending.append((base, bindings, guarded, resolved))
      case .call(let callee, let arguments):
        if let (body, inner) = enteredBody(expression, bindings, guarded: guarded) {
          pending.append((body, inner, guarded, false))
        }
        for argument in arguments.reversed() { pending.append((argument, bindings, guarded, false)) }
        // A method's name is not a field: `x.matches(p)` reads `x`.
        if case .member(let base, _) = callee.kind { pending.append((base, bindings, guarded, false)) }
      // The usual kinds push their children from the parts the switch holds, as
      // ``Expression/forEachChildReversed(_:)`` would (last first); leaves push nothing.
      case .null, .bool, .integer, .float, .string, .bytes, .identifier, .missing:
        continue
      case .binary(_, let left, let right):
        pending.append((right, bindings, guarded, false))
        pending.append((left, bindings, guarded, false))
      case .unary(_, let operand):
        pending.append((operand, bindings, guarded, false))
      default:
        expression.forEachChildReversed { pending.append(($0, bindings, guarded, false)) }
      }
    }
  }

  /// At a member or index `expression`: records it when it is an unguarded read below
  /// `request.auth` and returns nil (nothing below it is walked), else whether its base is
  /// the prefix of a path found.
  private mutating func chain(
    _ expression: borrowing Expression, _ bindings: Bindings, guarded: Bool, prefix: Bool
  ) -> Bool? {
    // The path is built only for a read this walk reports: most chains are not below
    // `request.auth`, and most that are are guarded.
    let shape = prefix ? nil : context.chainShape(expression, bindings)
    if shape?.belowAuth == true {
      if !guarded, let path = context.accessPath(expression, bindings) {
        unguarded.append((path, expression.range))
      }
      return nil
    }
    return prefix || shape?.isPath == true
  }

  /// The body `call` enters with its bindings, when this walk has not entered its instance
  /// with the same guard state before.
  private mutating func enteredBody(
    _ call: Expression, _ bindings: Bindings, guarded: Bool
  ) -> (Expression, Bindings)? {
    guard let (body, inner) = context.inlinedBody(of: call, bindings: bindings),
      entered.insert(true, for: Entry(instance: BoundKey(body, inner), guarded: guarded)).inserted
    else { return nil }
    return (body, inner)
  }

  /// How many nested calls ``establishes(_:_:signedIn:)`` follows.
  private static let maximumGuardDepth = 6

  /// Whether `expression` being true (`signedIn: true`) or false (`signedIn: false`) means
  /// the user is signed in.
  private mutating func establishes(_ expression: Expression, _ bindings: Bindings, signedIn: Bool) -> Bool {
    let question = Question(expression: BoundKey(expression, bindings), signedIn: signedIn)
    if let known = established[question] { return known }
    let answer = answer(expression, bindings, signedIn: signedIn)
    established[question] = answer
    return answer
  }

  private mutating func answer(_ expression: Expression, _ bindings: Bindings, signedIn: Bool) -> Bool {
    let (expression, bindings) = context.dereference(expression, bindings)
    switch expression.kind {
    case .binary(.logicalAnd, let left, let right) where signedIn:
      return establishes(left, bindings, signedIn: true) || establishes(right, bindings, signedIn: true)
    case .binary(.logicalOr, let left, let right) where !signedIn:
      return establishes(left, bindings, signedIn: false) || establishes(right, bindings, signedIn: false)
    case .unary(.logicalNot, let operand):
      return establishes(operand, bindings, signedIn: !signedIn)
    case .binary(let op, let left, let right) where op == .equal || op == .notEqual:
      // Either side, left first, without an array of the pairs.
      func comparesAuth(_ one: Expression, with other: Expression) -> Bool {
        // `request.auth` or one field below it, told without building the path.
        let shape = context.chainShape(one, bindings)
        guard shape.underAuth, shape.fields <= 2 else { return false }
        return context.isNull(other, bindings)
      }
      let compares = comparesAuth(left, with: right) || comparesAuth(right, with: left)
      return compares && ((op == .notEqual) == signedIn)
    case .call:
      guard bindings.depth < Self.maximumGuardDepth,
        let (body, inner) = context.inlinedBody(of: expression, bindings: bindings)
      else { return false }
      return establishes(body, inner, signedIn: signedIn)
    default:
      return signedIn
        && context.reads(expression, bindings) { $0.starts(with: "request", "auth") && $0.members.count >= 2 }
    }
  }
}
