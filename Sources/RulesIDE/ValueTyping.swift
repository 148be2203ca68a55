import RulesSemantics
import RulesSyntax

/// What the IDE knows about an expression's value: its static type and, for a documented
/// field, its path (`request.resource.size`).
struct KnownValue: Sendable, Equatable {
  var type: StaticType
  var path: String?

  static let unknown = KnownValue(type: .unknown, path: nil)
}

/// Infers what is known about an expression where it is written, for completion after `.`
/// and for hover on members: the fields of `request` and `resource`, built-in results,
/// wildcards and `let` bindings. Nothing is reported; what cannot be known is `unknown`.
struct ValueTyping {
  let ruleset: CheckedRuleset
  let context: NameContext
  /// How many nested operands and `let` bindings are followed before giving up (`unknown`);
  /// with postfix chains followed in a loop, this bounds the Swift frames a query takes.
  static let maximumDepth = 16

  func infer(_ expression: Expression, depth: Int = 0) -> KnownValue {
    guard depth <= Self.maximumDepth else { return .unknown }
    // A postfix chain (`a.b.c()[k]`) is unwound in a loop, innermost first.
    var chain: [Expression] = []
    var root = expression
    unwinding: while true {
      switch root.kind {
      case .member(let base, _), .index(let base, _):
        chain.append(root)
        root = base
      case .call(let callee, _):
        guard case .member(let base, _) = callee.kind else { break unwinding }
        chain.append(root)
        root = base
      default:
        break unwinding
      }
    }
    var value = leaf(root, depth: depth)
    for step in chain.reversed() { value = apply(step, to: value) }
    return value
  }

  /// What `step` (a member access, an index or a method call) gives on `base`.
  private func apply(_ step: Expression, to base: KnownValue) -> KnownValue {
    switch step.kind {
    case .member(_, let name): return field(of: base, name.name)
    case .index(_, let index):
      guard case .string(let key) = index.kind else { return .unknown }
      return field(of: base, key)
    case .call(let callee, _):
      guard case .member(_, let name) = callee.kind else { return .unknown }
      if case .namespace(let namespace) = base.type {
        guard let function = BuiltinFunctionID(namespace: namespace, name: name.name) else { return .unknown }
        let path = function == .firestore(.get) ? FieldCatalogue.firestoreDocumentPath : nil
        return KnownValue(type: function.signature.returns, path: path)
      }
      return KnownValue(type: Self.methodReturn(name.name, receiver: base.type))
    default:
      return .unknown
    }
  }

  /// What is known about an expression that is not a postfix chain.
  private func leaf(_ expression: Expression, depth: Int) -> KnownValue {
    switch expression.kind {
    case .null: return KnownValue(type: .value(.null))
    case .bool: return KnownValue(type: .bool)
    case .integer: return KnownValue(type: .int)
    case .float: return KnownValue(type: .float)
    case .string: return KnownValue(type: .string)
    case .bytes: return KnownValue(type: .value(.bytes))
    case .list: return KnownValue(type: .value(.list))
    case .map: return KnownValue(type: .value(.map))
    case .path: return KnownValue(type: .value(.path))
    case .identifier(let name): return identifier(name, depth: depth)
    case .call(let callee, _):
      guard case .identifier(let name) = callee.kind else { return .unknown }
      if ruleset.functions.contains(where: { $0.declaration.name.name == name }) { return .unknown }
      return BuiltinCatalogue.globalFunctions[name].map { KnownValue(type: $0.returns) } ?? .unknown
    case .range(let base, _, _):
      return TypeText.exact(infer(base, depth: depth + 1).type).map { KnownValue(type: .value($0)) }
        ?? .unknown
    case .unary(.logicalNot, _), .isType: return KnownValue(type: .bool)
    case .binary(let op, let left, let right):
      switch op {
      case .logicalOr, .logicalAnd, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual,
        .membership:
        return KnownValue(type: .bool)
      case .add, .subtract, .multiply, .divide, .remainder:
        return arithmetic(op, infer(left, depth: depth + 1).type, infer(right, depth: depth + 1).type)
      }
    case .member, .index, .unary, .ternary, .missing: return .unknown
    }
  }

  /// The value named `name` here: a parameter, a `let`, a wildcard or a global.
  func identifier(_ name: String, depth: Int) -> KnownValue {
    if let function = context.function, function < ruleset.functions.count {
      let declaration = ruleset.functions[function].declaration
      if declaration.parameters.contains(where: { $0.name == name }) { return .unknown }
      for statement in declaration.body.reversed() {
        guard case .letBinding(let bound, let value) = statement.kind, bound.name == name else { continue }
        return infer(value, depth: depth + 1)
      }
    }
    if let segment = context.wildcard(name) {
      return KnownValue(type: segment.isRecursive ? .value(.path) : .string)
    }
    guard let global = BuiltinCatalogue.globals[name] else { return .unknown }
    if case .namespace = global { return KnownValue(type: global) }
    return KnownValue(type: global, path: name)
  }

  /// The field `name` of `base`.
  func field(of base: KnownValue, _ name: String) -> KnownValue {
    if let path = base.path, let field = FieldCatalogue.byPath["\(path).\(name)"] {
      return KnownValue(type: field.type, path: field.path)
    }
    if case .record(let shape, _) = base.type, let type = BuiltinCatalogue.fields(of: shape)[name] {
      return KnownValue(type: type)
    }
    return .unknown
  }

  /// What method `name` returns on `receiver`: its overload for the receiver's type, else the
  /// one result all overloads share.
  static func methodReturn(_ name: String, receiver: StaticType) -> StaticType {
    if let exact = TypeText.exact(receiver) {
      return BuiltinCatalogue.methods[exact]?[name]?.returns ?? .unknown
    }
    let results = Set(BuiltinCatalogue.methods.values.compactMap { $0[name]?.returns })
    return results.count == 1 ? results.first ?? .unknown : .unknown
  }

  /// What arithmetic on two known types gives: ints stay ints, a float makes a float, `+`
  /// joins strings.
  func arithmetic(_ op: BinaryOperator, _ left: StaticType, _ right: StaticType) -> KnownValue {
    switch (TypeText.exact(left), TypeText.exact(right)) {
    case (.int?, .int?): return KnownValue(type: .int)
    case (.int?, .float?), (.float?, .int?), (.float?, .float?): return KnownValue(type: .float)
    case (.string?, .string?) where op == .add: return KnownValue(type: .string)
    default: return .unknown
    }
  }
}
