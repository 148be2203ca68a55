import RulesSyntax

extension Analysis {
  mutating func memberType(
    _ base: Expression, _ name: Identifier, scope: Int, function: Int?
  ) -> StaticType {
    let baseType = inferType(base, scope: scope, function: function)
    switch baseType {
    case .record(let shape, _):
      return fieldType(of: shape, name.name, range: name.range)
    case .namespace(let namespace):
      if !reportPackageAsValue(base, baseType) {
        report(
          SemanticDiagnostics.unknownField,
          "the \(namespace) namespace has functions only; call \(namespace).\(name.name)(…)",
          at: name.range)
      }
      return .unknown
    case .value(let type) where type != .map && type != .path:
      report(
        SemanticDiagnostics.typeMismatch, "\(type.spoken) has no fields; '.\(name.name)' is an error",
        at: name.range)
      return .unknown
    default:
      return .unknown
    }
  }

  /// The type of `record.field`, reporting fields the record never has.
  mutating func fieldType(of shape: RecordShape, _ field: String, range: SourceRange) -> StaticType {
    if let type = BuiltinCatalogue.fieldTable(of: shape)[NameKey(field)] { return type }
    guard !shape.isOpen else { return .unknown }
    let fields = BuiltinCatalogue.fields(of: shape)
    if shape == .uploadedObject, field == "timeCreated" || field == "updated" {
      report(
        SemanticDiagnostics.unknownField,
        "request.resource has no '\(field)' key (production omits timeCreated and updated on writes); reading it is an error",
        at: range)
      return .unknown
    }
    let suggestion = Suggestions.closest(to: field, in: fields.keys)
    report(
      SemanticDiagnostics.unknownField,
      "Property \(field) is undefined on \(shape.spoken)"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
      at: range,
      fixes: suggestion.map {
        [
          Fix(
            "replace with '\($0)'", edits: [TextEdit(range: range, replacement: $0)], applicability: .unsafe)
        ]
      } ?? [])
    return .unknown
  }

  mutating func callType(
    _ callee: Expression, _ arguments: [Expression], range: SourceRange, scope: Int, function: Int?
  ) -> StaticType {
    let argumentTypes = arguments.map { inferType($0, scope: scope, function: function) }
    switch callee.kind {
    case .identifier(let name):
      return globalCallType(name, callee.range, arguments, argumentTypes, scope: scope, function: function)
    case .member(let base, let name):
      if case .identifier(let namespace) = base.kind, lookupVariable(namespace, from: scope) == nil,
        let members = BuiltinCatalogue.namespaceFunctions[namespace]
      {
        resolution.names[base.range.start] = .global(namespace)
        let qualified = "\(namespace).\(name.name)"
        if let advice = BuiltinCatalogue.unavailableFunctions[qualified] {
          report(SemanticDiagnostics.unknownFunction, advice, at: callee.range)
          return .unknown
        }
        guard let builtin = members[name.name] else {
          report(
            SemanticDiagnostics.unknownFunction,
            FirebaseMessages.invalidFunction(qualified)
              + Suggestions.hint(for: name.name, in: members.keys, afterSentence: true),
            at: callee.range)
          return .unknown
        }
        return checkBuiltin(builtin, qualified, callee.range, arguments, argumentTypes)
      }
      let baseType = inferType(base, scope: scope, function: function)
      return methodType(baseType, base, name, arguments, argumentTypes)
    default:
      return .unknown
    }
  }

  private mutating func globalCallType(
    _ name: String, _ range: SourceRange, _ arguments: [Expression], _ argumentTypes: [StaticType],
    scope: Int, function: Int?
  ) -> StaticType {
    if let index = lookupFunction(name, from: scope) {
      resolution.calls[range.start] = index
      functions[index].callCount += 1
      if let caller = function, functions[caller].callees[index] == nil {
        functions[caller].callees[index] = range
      }
      let expected = functions[index].declaration.parameters.count
      if arguments.count != expected {
        report(
          SemanticDiagnostics.wrongArity,
          "function '\(name)' takes \(expected) argument\(expected == 1 ? "" : "s"), got \(arguments.count)",
          at: range, notes: [DiagnosticNote("declared here", range: functions[index].declaration.name.range)])
      }
      // Bodies are checked callees first (checkFunctionBodies), so the result type is known
      // unless the call closes a cycle.
      return functions[index].returnType
    }
    if let builtin = BuiltinCatalogue.globalFunctions[name] {
      return checkBuiltin(builtin, name, range, arguments, argumentTypes)
    }
    if let advice = BuiltinCatalogue.unavailableFunctions[name] {
      report(SemanticDiagnostics.unknownFunction, advice, at: range)
      return .unknown
    }
    report(
      SemanticDiagnostics.unknownFunction,
      FirebaseMessages.invalidFunction(name) + functionHint(name, from: scope, at: range), at: range)
    return .unknown
  }

  private mutating func methodType(
    _ baseType: StaticType, _ base: Expression, _ name: Identifier, _ arguments: [Expression],
    _ argumentTypes: [StaticType]
  ) -> StaticType {
    let receiver: ValueType? = baseType.isMapLike ? .map : baseType.exactType
    if case .namespace(let namespace) = baseType {
      report(
        SemanticDiagnostics.unknownFunction, FirebaseMessages.invalidFunction("\(namespace).\(name.name)"),
        at: name.range)
      return .unknown
    }
    guard let receiver else {
      guard BuiltinCatalogue.allMethodNames.contains(name.name) else {
        report(
          SemanticDiagnostics.unknownMemberFunction,
          "no type has a method '\(name.name)'"
            + Suggestions.hint(for: name.name, in: BuiltinCatalogue.allMethodNames),
          at: name.range)
        return .unknown
      }
      checkRegexArgument(name.name, arguments)
      return BuiltinCatalogue.methodReturnsByName[name.name] ?? .unknown
    }
    guard let method = BuiltinCatalogue.methods[receiver]?[name.name] else {
      let owners = BuiltinCatalogue.methods.filter { $0.value[name.name] != nil }.keys.map(\.rawValue)
        .sorted()
      if owners.isEmpty {
        let available = BuiltinCatalogue.methods[receiver]?.keys.sorted() ?? []
        report(
          SemanticDiagnostics.unknownMemberFunction,
          "\(receiver.spoken) has no method '\(name.name)'" + Suggestions.hint(for: name.name, in: available),
          at: name.range)
      } else {
        report(
          SemanticDiagnostics.typeMismatch,
          "\(name.name)() is a method of \(owners.joined(separator: " and ")) values, but this is \(receiver.spoken)",
          at: base.range)
      }
      return .unknown
    }
    checkRegexArgument(name.name, arguments)
    return checkBuiltin(method, name.name, name.range, arguments, argumentTypes)
  }

  /// Checks the argument count and known argument types of a built-in call.
  private mutating func checkBuiltin(
    _ builtin: BuiltinFunction, _ spelled: String, _ range: SourceRange, _ arguments: [Expression],
    _ argumentTypes: [StaticType]
  ) -> StaticType {
    let expected = builtin.parameters.count
    guard arguments.count == expected else {
      report(
        SemanticDiagnostics.wrongArity,
        "\(spelled)() takes \(expected) argument\(expected == 1 ? "" : "s"), got \(arguments.count)",
        at: range)
      return builtin.returns
    }
    for (index, parameter) in builtin.parameters.enumerated() where !parameter.accepts(argumentTypes[index]) {
      report(
        SemanticDiagnostics.typeMismatch,
        "argument \(index + 1) of \(spelled)() must be \(parameter.spoken), but this is \(argumentTypes[index].spoken)",
        at: arguments[index].range)
    }
    if builtin.name == "debug", let type = argumentTypes.first { return type }
    return builtin.returns
  }
}
