import RulesSemantics
import RulesSyntax

/// The first steps of folding an expression that surely end in an unknown value: ``Compiler``
/// (folding) compiles a read of the request to ``EvaluationError/unknown``, and the evaluator
/// hands an error operand on unchanged through the operand it evaluates first.
///
/// `nodes` counts the expressions the evaluator evaluates until it meets the unknown,
/// `calls` the user-function calls it is inside by then: both stay far below
/// ``EvaluationLimits/maximumExpressions`` and ``EvaluationLimits/maximumCallDepth``, so
/// neither limit can turn the unknown into another error first.
struct UnknownSpine {
  var nodes: Int
  var calls: Int

  /// How deep a spine may go before the analysis gives up (the fold then runs).
  static let maximumNodes = 256
  static let maximumCalls = 16

  /// This spine under one more expression (and one more call when `entering`); nil once past
  /// the maxima.
  func under(entering: Bool = false) -> UnknownSpine? {
    let spine = UnknownSpine(nodes: nodes + 1, calls: calls + (entering ? 1 : 0))
    return spine.nodes <= Self.maximumNodes && spine.calls <= Self.maximumCalls ? spine : nil
  }
}

/// Works out ``UnknownSpine``s for one folding ``Compiler``: of expressions, and of each user
/// function's `return` expression, each function once.
struct UnknownSpines {
  let compiler: Compiler
  /// By function index, once worked out (``functionsDone``).
  private(set) var functions: [UnknownSpine?]
  /// 0 to do, 1 under way, 2 done, by function index.
  private var state: [UInt8]

  /// The spines of every user function of `compiler`'s ruleset, worked out in index order
  /// (each also when first called): one reached through its own body, or deeper than the
  /// recursion allows, has none.
  init(_ compiler: Compiler) {
    self.compiler = compiler
    let count = compiler.checked.functions.count
    functions = Array(repeating: nil, count: count)
    state = Array(repeating: 0, count: count)
    for function in 0..<count { _ = functionSpine(function, depth: 0) }
  }

  /// The spine by which folding `expression` in `context` surely gives
  /// ``EvaluationError/unknown``; nil when it may give anything else (a value, another error),
  /// or when this cannot tell; `depth` bounds the recursion.
  ///
  /// Contract: non-nil only if ``ConstantFolder`` evaluating the compiled expression returns
  /// the unknown error, whatever else its operands evaluate to. The operand each case follows
  /// is the one the evaluator evaluates first and hands on when it is an error (`Operators`,
  /// `Evaluation.compute`), and none of them charges work once it has an error operand but
  /// `in` (``membershipSpine(_:_:_:depth:)``); `&&` and `||` need both sides unknown (either
  /// side's value may decide), and an unknown left side wins over whatever error the right side
  /// gives. A call's spine is its function's, whose parameters it takes as never unknown.
  mutating func spine(_ expression: Expression, _ context: Compiler.Context, depth: Int = 0) -> UnknownSpine?
  {
    // Past this depth the spine would be too long anyway (the right side of `&&` aside, which
    // must be unknown too): bounded recursion on any nesting.
    guard depth < UnknownSpine.maximumNodes else { return nil }
    switch expression.kind {
    case .identifier(let name):
      guard case .failure(let error) = compiler.identifier(name, expression.range, context),
        error.kind == .unknown
      else { return nil }
      return UnknownSpine(nodes: 1, calls: 0)
    // `request.auth` compiles to the unknown itself, `request.other` to a member of it: either
    // way unknown, and this spine one node longer at most.
    case .member(let base, _), .index(let base, _), .unary(_, let base), .isType(let base, _),
      .ternary(let base, _, _):
      return spine(base, context, depth: depth + 1)?.under()
    case .binary(let op, let left, let right):
      switch op {
      case .logicalAnd, .logicalOr:
        guard let first = spine(left, context, depth: depth + 1),
          spine(right, context, depth: depth + 1) != nil
        else { return nil }
        return first.under()
      case .membership: return membershipSpine(left, right, context, depth: depth)
      default: return spine(left, context, depth: depth + 1)?.under()
      }
    case .call(let callee, let arguments):
      // A method's receiver first: most calls are `x.matches(…)`, and naming the method costs
      // more than reading the receiver.
      if case .member(let receiver, _) = callee.kind, !compiler.isNamespace(receiver) {
        guard let first = spine(receiver, context, depth: depth + 1),
          case .method = compiler.target(ofCallee: callee)
        else { return nil }
        return first.under()
      }
      switch compiler.target(ofCallee: callee) {
      case .function(let function):
        guard functions.indices.contains(function),
          arguments.count == compiler.checked.functions[function].declaration.parameters.count,
          let body = functionSpine(function, depth: depth + 1)
        else { return nil }
        return body.under(entering: true)
      case .builtin(let builtin):
        if case .firestore = builtin, arguments.count == 1 { return UnknownSpine(nodes: 1, calls: 0) }
        // The arguments are evaluated in order, and the first error is the call's value.
        guard let first = arguments.first else { return nil }
        return spine(first, context, depth: depth + 1)?.under()
      case .method, .unknown, .notCallable:
        return nil
      }
    default:
      return nil
    }
  }

  /// `element in list` when `element` is surely unknown: `in` charges for reading the list even
  /// then, so only a short list literal of literals, read after an element that charged
  /// nothing (a name or a member chain), cannot run the budget out instead.
  private mutating func membershipSpine(
    _ element: Expression, _ list: Expression, _ context: Compiler.Context, depth: Int
  ) -> UnknownSpine? {
    var chain = element
    while case .member(let base, _) = chain.kind { chain = base }
    guard case .identifier = chain.kind, case .list(let items) = list.kind, items.count <= 64,
      items.allSatisfy({ Compiler.literal($0).map { $0.work(limit: 4096) < 4096 } ?? false })
    else { return nil }
    return spine(element, context, depth: depth + 1)?.under()
  }

  /// The spine of user function `function`'s `return` expression in its own context (its
  /// parameters and `let` names are read from its slots, so never unknown to it).
  private mutating func functionSpine(_ function: Int, depth: Int) -> UnknownSpine? {
    guard state[function] == 0 else { return functions[function] }
    state[function] = 1
    defer { state[function] = 2 }
    guard depth < UnknownSpine.maximumNodes, let body = compiler.returned(function) else { return nil }
    let declaringMatch = compiler.checked.functions[function].declaringMatch
    functions[function] = spine(
      body, compiler.context(forMatch: declaringMatch, function: function), depth: depth)
    return functions[function]
  }
}

extension Compiler {
  /// Whether `expression` names a namespace of built-in functions (`math` in `math.abs(x)`),
  /// as ``target(ofCallee:)`` reads it.
  func isNamespace(_ expression: Expression) -> Bool {
    guard case .identifier(let namespace) = expression.kind else { return false }
    return checked.resolution.names[expression.range.start] == .global(namespace) && namespace != "request"
      && namespace != "resource"
  }

  /// The first `return` expression of user function `function` (the body the evaluator runs).
  func returned(_ function: Int) -> Expression? {
    for statement in checked.functions[function].declaration.body {
      if case .returnStatement(let value) = statement.kind { return value }
    }
    return nil
  }
}
