import RulesSemantics
import RulesSyntax

/// Compiles checked rules into nodes whose names are resolved to slots and whose built-in
/// calls are resolved to ``BuiltinFunctionID`` and ``BuiltinMethodID``.
struct Compiler {
  /// The checked ruleset, behind one reference: a compiler is made per folded expression, and
  /// copying the ruleset's many parts each time cost more than compiling a small one.
  private let input: Input
  var checked: CheckedRuleset { input.checked }
  /// Whether what a request supplies (`request`, `resource`, wildcards, Firestore look-ups)
  /// compiles to ``EvaluationError/unknown``, for ``ConstantFolder``.
  let folding: Bool
  /// Owns every node this compiler (and its copies) makes; whoever evaluates them keeps it.
  let arena = NodeArena()
  private(set) var nodeCount = 0
  /// Source ranges by node id, for traces and coverage; empty when folding (a fold traces
  /// nothing).
  private(set) var ranges: [SourceRange] = []

  init(checked: CheckedRuleset, folding: Bool = false) {
    self.init(input: Input(checked), folding: folding)
  }

  init(input: Input, folding: Bool = false) {
    self.input = input
    self.folding = folding
  }

  /// A checked ruleset that compilers share.
  final class Input: Sendable {
    let checked: CheckedRuleset

    init(_ checked: CheckedRuleset) {
      self.checked = checked
    }
  }

  /// Where a compiled expression sits: which wildcards and which function's slots it sees.
  struct Context {
    /// Wildcard names of the declaring match's full pattern, in order; index = slot.
    var wildcards: [String]
    /// The function whose body this is, if any.
    var function: Int?
    /// When folding one expression outside any call: the values of the parameters and `let`
    /// names it reads; a name missing here is unknown.
    var locals: [ResolvedName: Value]?
  }

  func context(forMatch match: Int?, function: Int?) -> Context {
    let names = match.map { checked.matches[$0].fullPattern.compactMap(\.variableName) } ?? []
    return Context(wildcards: names, function: function, locals: nil)
  }

  mutating func compileFunction(_ index: Int) -> CompiledFunction {
    let resolved = checked.functions[index]
    let context = context(forMatch: resolved.declaringMatch, function: index)
    var lets: [NodeRef] = []
    var body: NodeRef?
    for statement in resolved.declaration.body {
      switch statement.kind {
      case .letBinding(_, let value): lets.append(compile(value, context))
      case .returnStatement(let value): body = body ?? compile(value, context)
      }
    }
    // The message only for a function without a `return` (most have one).
    let returned =
      body
      ?? make(
        .failure(EvaluationError("Function \(resolved.declaration.name.name) has no return statement.")),
        resolved.declaration.name.range)
    return CompiledFunction(
      name: resolved.declaration.name.name, parameterNames: resolved.declaration.parameters.map(\.name),
      lets: lets, body: returned)
  }

  private mutating func make(_ kind: consuming Node.Kind, _ range: SourceRange) -> NodeRef {
    defer { nodeCount += 1 }
    if !folding { ranges.append(range) }
    return arena.make(Node(kind: consume kind, range: range, id: nodeCount))
  }

  mutating func compile(_ expression: Expression, _ context: Context) -> NodeRef {
    let range = expression.range
    switch expression.kind {
    case .null, .bool, .integer, .float, .string, .bytes:
      return make(.constant(Self.literal(expression) ?? .null), range)
    case .list(let elements):
      let compiled = elements.map { compile($0, context) }
      return make(.list(arena.list(compiled)), range)
    case .map(let entries):
      return make(.map(entries.map { (compile($0.key, context), compile($0.value, context)) }), range)
    case .path(let literal):
      let parts = literal.segments.map { segment -> Node.PathPart in
        switch segment.kind {
        case .text(let text): .text(text)
        case .binding(let name): .text("{\(name)}")
        case .interpolation(let inner): .interpolation(compile(inner, context))
        }
      }
      return make(.path(parts), range)
    case .identifier(let name):
      return make(identifier(name, range, context), range)
    case .member(let base, let name):
      if case .identifier = base.kind, checked.resolution.names[base.range.start] == .global("request"),
        let field = RequestField(name: name.name)
      {
        return make(folding ? .failure(.unknown) : .requestField(field), range)
      }
      return make(.member(compile(base, context), name.name), range)
    case .call(let callee, let arguments):
      return call(callee, arguments, range, context)
    case .index(let base, let index):
      return make(.index(compile(base, context), compile(index, context)), range)
    case .range(let base, let lower, let upper):
      let lowerNode = lower.map { compile($0, context) }
      let upperNode = upper.map { compile($0, context) }
      return make(.range(compile(base, context), lowerNode, upperNode), range)
    case .unary(let op, let operand):
      return make(.unary(op, compile(operand, context)), range)
    case .binary(let op, let left, let right):
      let l = compile(left, context)
      let r = compile(right, context)
      switch op {
      case .logicalAnd: return make(.logicalAnd(l, r), range)
      case .logicalOr: return make(.logicalOr(l, r), range)
      default: return make(.binary(op, l, r), range)
      }
    case .isType(let value, let typeName):
      return make(.isType(compile(value, context), typeName.name), range)
    case .ternary(let condition, let then, let otherwise):
      return make(
        .ternary(compile(condition, context), compile(then, context), compile(otherwise, context)), range)
    case .missing:
      return make(.failure(EvaluationError("Invalid expression.")), range)
    }
  }

  /// The value of a literal (`null`, `true`, `1`, `1.5`, `'text'`, `b'bytes'`); nil for any
  /// other expression, lists and maps included.
  static func literal(_ expression: Expression) -> Value? {
    switch expression.kind {
    case .null: .null
    case .bool(let value): .bool(value)
    case .integer(let value): .int(value)
    case .float(let value): .float(value)
    case .string(let value): .string(value)
    case .bytes(let value): .bytes(value)
    default: nil
    }
  }

  /// What a literal or a name compiles to in `context`, without making a node; nil for any
  /// other expression.
  func leaf(_ expression: Expression, _ context: Context) -> Node.Kind? {
    if let literal = Self.literal(expression) { return .constant(literal) }
    guard case .identifier(let name) = expression.kind else { return nil }
    return identifier(name, expression.range, context)
  }

  func identifier(_ name: String, _ range: SourceRange, _ context: Context) -> Node.Kind {
    let resolved = checked.resolution.names[range.start]
    if folding, let resolved, let kind = folded(resolved, context) { return kind }
    switch resolved {
    case .wildcard(let wildcard)?:
      guard let slot = context.wildcards.lastIndex(of: wildcard) else { return .failure(.nullValue) }
      return .wildcard(slot: slot)
    case .parameter(_, let index)?:
      return .local(slot: index)
    case .letBinding(let function, let index)?:
      return .local(slot: checked.functions[function].declaration.parameters.count + index)
    case .global("request")?:
      return .request
    case .global("resource")?:
      return .resource
    case .global(let namespace)?:
      return .failure(EvaluationError("Namespace \(namespace) is not a value."))
    case nil:
      // Production reads a name nothing binds as null: `Null value error.`
      return .failure(.nullValue)
    }
  }

  /// What a name compiles to when folding: unknown when a request supplies it, the given value
  /// of a local; nil to compile it as usual.
  private func folded(_ resolved: ResolvedName, _ context: Context) -> Node.Kind? {
    switch resolved {
    case .wildcard, .global("request"), .global("resource"): .failure(.unknown)
    case .parameter, .letBinding:
      context.locals.map { $0[resolved].map(Node.Kind.constant) ?? .failure(.unknown) }
    case .global: nil
    }
  }

  /// What a call's callee names, as ``call(_:_:_:_:)`` compiles it.
  enum CallTarget {
    /// A user function, by index into ``RulesSemantics/CheckedRuleset/functions``.
    case function(Int)
    /// A built-in function, global (`int(x)`) or of a namespace (`math.abs(x)`).
    case builtin(BuiltinFunctionID)
    /// A built-in method of the value `receiver` evaluates to.
    case method(receiver: Expression, BuiltinMethodID)
    /// A name nothing has: `receiver` is the value the method was asked of, nil for a function
    /// or a namespace's function.
    case unknown(receiver: Expression?, name: String)
    /// A callee that is neither a name nor a member (`(f)(x)`).
    case notCallable
  }

  /// What `callee` calls: resolved by the analysis (user functions) and by the built-in names.
  func target(ofCallee callee: Expression) -> CallTarget {
    switch callee.kind {
    case .identifier(let name):
      if let function = checked.resolution.calls[callee.range.start] { return .function(function) }
      return BuiltinFunctionID(namespace: nil, name: name).map(CallTarget.builtin)
        ?? .unknown(receiver: nil, name: name)
    case .member(let base, let name):
      if isNamespace(base), case .identifier(let namespace) = base.kind {
        return BuiltinFunctionID(namespace: namespace, name: name.name).map(CallTarget.builtin)
          ?? .unknown(receiver: nil, name: "\(namespace).\(name.name)")
      }
      return BuiltinMethodID(rawValue: name.name).map { .method(receiver: base, $0) }
        ?? .unknown(receiver: base, name: name.name)
    default:
      return .notCallable
    }
  }

  /// A call, resolved once: a user function, a built-in function or method, or a name nothing
  /// has, which still compiles (decisions.md §21) and fails when evaluated.
  private mutating func call(
    _ callee: Expression, _ arguments: [Expression], _ range: SourceRange, _ context: Context
  ) -> NodeRef {
    // The arguments first, then a method's receiver: the nodes are numbered in that order.
    let compiledArguments = arguments.map { compile($0, context) }
    switch target(ofCallee: callee) {
    case .function(let function):
      return make(.callFunction(function, arena.list(compiledArguments)), range)
    case .builtin(let builtin):
      if case .firestore(let lookup) = builtin, compiledArguments.count == 1 {
        guard !folding else { return make(.failure(.unknown), range) }
        switch lookup {
        case .get: return make(.firestoreGet(compiledArguments[0]), range)
        case .exists: return make(.firestoreExists(compiledArguments[0]), range)
        }
      }
      return make(.callBuiltin(builtin, arena.list(compiledArguments)), range)
    case .method(let base, let method):
      let receiver = compile(base, context)
      return make(.callMethod(receiver, method, arena.list(compiledArguments)), range)
    case .unknown(let base, let name):
      let receiver = base.map { compile($0, context) }
      return unknownCall(receiver, name, compiledArguments, range)
    case .notCallable:
      return make(.failure(.functionNotFound(checked.source.text(callee.range))), range)
    }
  }

  /// A call of a function or method no value has. It fails whatever its receiver and arguments
  /// are, so when folding it is that error even where they depend on the request (the
  /// evaluator reports the first failing operand instead, which is an error too).
  private mutating func unknownCall(
    _ receiver: NodeRef?, _ name: String, _ arguments: [NodeRef], _ range: SourceRange
  ) -> NodeRef {
    make(
      folding ? .failure(.functionNotFound(name)) : .callUnknown(receiver, name, arena.list(arguments)), range
    )
  }
}
