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
  /// How deep `let` bindings are followed; they only refer to earlier ones, this bounds the work.
  static let maximumLetDepth = 8

  func infer(_ expression: Expression, depth: Int = 0) -> KnownValue {
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
    case .member(let base, let name): return field(of: infer(base, depth: depth), name.name)
    case .index(let base, let index):
      guard case .string(let key) = index.kind else { return .unknown }
      return field(of: infer(base, depth: depth), key)
    case .call(let callee, _): return call(callee, depth: depth)
    case .range(let base, _, _):
      return TypeText.exact(infer(base, depth: depth).type).map { KnownValue(type: .value($0)) } ?? .unknown
    case .unary(.logicalNot, _), .isType: return KnownValue(type: .bool)
    case .binary(let op, let left, let right):
      switch op {
      case .logicalOr, .logicalAnd, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual,
        .membership:
        return KnownValue(type: .bool)
      case .add, .subtract, .multiply, .divide, .remainder:
        return arithmetic(op, infer(left, depth: depth).type, infer(right, depth: depth).type)
      }
    case .unary, .ternary, .missing: return .unknown
    }
  }

  /// The value named `name` here: a parameter, a `let`, a wildcard or a global.
  func identifier(_ name: String, depth: Int) -> KnownValue {
    if let function = context.function, function < ruleset.functions.count {
      let declaration = ruleset.functions[function].declaration
      if declaration.parameters.contains(where: { $0.name == name }) { return .unknown }
      for statement in declaration.body.reversed() {
        guard case .letBinding(let bound, let value) = statement.kind, bound.name == name else { continue }
        return depth < Self.maximumLetDepth ? infer(value, depth: depth + 1) : .unknown
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

  /// What calling `callee` returns.
  func call(_ callee: Expression, depth: Int) -> KnownValue {
    switch callee.kind {
    case .identifier(let name):
      if ruleset.functions.contains(where: { $0.declaration.name.name == name }) { return .unknown }
      return BuiltinCatalogue.globalFunctions[name].map { KnownValue(type: $0.returns) } ?? .unknown
    case .member(let base, let name):
      if case .namespace(let namespace) = infer(base, depth: depth).type {
        guard let function = BuiltinFunctionID(namespace: namespace, name: name.name) else { return .unknown }
        let path = function == .firestore(.get) ? FieldCatalogue.firestoreDocumentPath : nil
        return KnownValue(type: function.signature.returns, path: path)
      }
      return KnownValue(type: Self.methodReturn(name.name, receiver: infer(base, depth: depth).type))
    default:
      return .unknown
    }
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
