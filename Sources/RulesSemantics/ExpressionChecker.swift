import RulesSyntax

extension Analysis {
  /// Type-checks an `allow` condition; it must be able to evaluate to a bool.
  mutating func checkCondition(_ condition: Expression, scope: Int) {
    let type = inferType(condition, scope: scope, function: nil)
    if let exact = type.exactType, exact != .bool {
      report(
        SemanticDiagnostics.nonBooleanCondition,
        "condition is \(exact.spoken), never a bool; only the value true grants access", at: condition.range)
    } else if case .namespace(let name) = type, !reportPackageAsValue(condition, type) {
      report(
        SemanticDiagnostics.nonBooleanCondition, "condition is the \(name) namespace, never a bool",
        at: condition.range)
    }
  }

  /// A Firebase package (`math`, `timestamp`, …) used as a value rather than to call one of its
  /// functions: a compile error (`math is a package and cannot be used as variable name.`).
  @discardableResult
  mutating func reportPackageAsValue(_ expression: Expression, _ type: StaticType) -> Bool {
    guard case .namespace(let name) = type, RulesLimits.packageNames.contains(name) else { return false }
    report(SemanticDiagnostics.packageName, FirebaseMessages.packageAsVariable(name), at: expression.range)
    return true
  }

  /// Infers what is statically known about `expression`, reporting name and type problems.
  /// `function` is the function whose body holds the expression, if any.
  mutating func inferType(_ expression: Expression, scope: Int, function: Int?) -> StaticType {
    switch expression.kind {
    case .null: return .value(.null)
    case .bool: return .bool
    case .integer: return .int
    case .float: return .float
    case .string: return .string
    case .bytes: return .value(.bytes)
    case .list(let elements):
      for element in elements { _ = inferType(element, scope: scope, function: function) }
      return .value(.list)
    case .map(let entries):
      for entry in entries {
        let key = inferType(entry.key, scope: scope, function: function)
        if let exact = key.exactType, exact != .string {
          report(
            SemanticDiagnostics.typeMismatch, "map keys must be strings, but this key is \(exact.spoken)",
            at: entry.key.range)
        }
        _ = inferType(entry.value, scope: scope, function: function)
      }
      return .value(.map)
    case .path(let path):
      for segment in path.segments {
        if case .interpolation(let inner) = segment.kind {
          _ = inferType(inner, scope: scope, function: function)
        }
      }
      return .value(.path)
    case .identifier(let name):
      return identifierType(name, range: expression.range, scope: scope, function: function)
    case .member(let base, let name):
      return memberType(base, name, scope: scope, function: function)
    case .call(let callee, let arguments):
      return callType(callee, arguments, range: expression.range, scope: scope, function: function)
    case .index(let base, let index):
      return indexType(base, index, scope: scope, function: function)
    case .range(let base, let lower, let upper):
      let baseType = inferType(base, scope: scope, function: function)
      for case let bound? in [lower, upper] {
        let type = inferType(bound, scope: scope, function: function)
        if let exact = type.exactType, exact != .int {
          report(
            SemanticDiagnostics.typeMismatch, "range bounds must be ints, but this is \(exact.spoken)",
            at: bound.range)
        }
      }
      if let exact = baseType.exactType, exact != .string, exact != .list, exact != .path {
        report(SemanticDiagnostics.typeMismatch, "cannot take a range of \(exact.spoken)", at: base.range)
        return .unknown
      }
      return baseType.exactType.map { .value($0) } ?? .unknown
    case .unary(let op, let operand):
      return unaryType(op, operand, scope: scope, function: function)
    case .binary(let op, let left, let right):
      let leftType = inferType(left, scope: scope, function: function)
      let rightType = inferType(right, scope: scope, function: function)
      reportPackageAsValue(left, leftType)
      reportPackageAsValue(right, rightType)
      return binaryType(op, left, leftType, right, rightType)
    case .isType(let value, let typeName):
      _ = inferType(value, scope: scope, function: function)
      if ValueType.typeTestNames[typeName.name] == nil {
        let names = ValueType.typeTestNames.keys.sorted()
        let message =
          typeName.name == "null"
          ? "'is null' is not rules syntax; write '== null'"
          : "unknown type '\(typeName.name)' after 'is'" + Suggestions.hint(for: typeName.name, in: names)
        report(
          SemanticDiagnostics.unknownTypeName,
          message + " (An unsupported type identifier was used with the 'is' operator.)", at: typeName.range)
      }
      return .bool
    case .ternary(let condition, let then, let otherwise):
      expectBool(
        condition, inferType(condition, scope: scope, function: function), role: "the condition of '?:'")
      let thenType = inferType(then, scope: scope, function: function)
      let otherwiseType = inferType(otherwise, scope: scope, function: function)
      return thenType == otherwiseType ? thenType : .unknown
    case .missing:
      return .unknown
    }
  }

  /// Reports an operand that is known not to be a bool.
  /// `role` is built only when there is something to report.
  mutating func expectBool(_ expression: Expression, _ type: StaticType, role: @autoclosure () -> String) {
    guard let exact = type.exactType, exact != .bool else { return }
    report(
      SemanticDiagnostics.typeMismatch, "\(role()) must be a bool, but this is \(exact.spoken)",
      at: expression.range)
  }

  private mutating func identifierType(
    _ name: String, range: SourceRange, scope: Int, function: Int?
  ) -> StaticType {
    let key = NameKey(name)
    if let symbol = lookupVariable(key, from: scope) {
      switch symbol {
      case .wildcard(let isRecursive, _):
        resolution.names[range.start] = .wildcard(name)
        return isRecursive ? .value(.path) : .string
      case .parameter(let owner, let index):
        resolution.names[range.start] = .parameter(function: owner, index: index)
        functions[owner].usedParameters.insert(index)
        return .unknown
      case .letBinding(let owner, let index, let type):
        resolution.names[range.start] = .letBinding(function: owner, index: index)
        usedLets.insert(LetKey(function: owner, index: index))
        return type
      }
    }
    if let global = BuiltinCatalogue.globalTable[key] {
      resolution.names[range.start] = .global(name)
      return global
    }
    report(
      SemanticDiagnostics.unknownVariable,
      FirebaseMessages.invalidVariable(name) + variableHint(name, from: scope, at: range), at: range)
    return .unknown
  }

  private mutating func indexType(
    _ base: Expression, _ index: Expression, scope: Int, function: Int?
  ) -> StaticType {
    let baseType = inferType(base, scope: scope, function: function)
    let indexType = inferType(index, scope: scope, function: function)
    if case .record(let shape, _) = baseType, case .string(let key) = index.kind {
      return fieldType(of: shape, key, range: index.range)
    }
    guard let exact = baseType.exactType else { return .unknown }
    switch exact {
    case .string, .list, .path:
      if exact != .path, let indexExact = indexType.exactType, indexExact != .int {
        report(
          SemanticDiagnostics.typeMismatch,
          "an index into \(exact.spoken) must be an int, but this is \(indexExact.spoken)",
          at: index.range)
      }
      return exact == .string ? .string : .unknown
    case .map:
      if let indexExact = indexType.exactType, indexExact != .string {
        report(
          SemanticDiagnostics.typeMismatch, "map keys are strings, but this index is \(indexExact.spoken)",
          at: index.range)
      }
      return .unknown
    default:
      report(SemanticDiagnostics.typeMismatch, "cannot index \(exact.spoken)", at: base.range)
      return .unknown
    }
  }

  private mutating func unaryType(
    _ op: UnaryOperator, _ operand: Expression, scope: Int, function: Int?
  ) -> StaticType {
    let type = inferType(operand, scope: scope, function: function)
    switch op {
    case .logicalNot:
      expectBool(operand, type, role: "the operand of '!'")
      return .bool
    case .negate:
      if let exact = type.exactType, exact != .int, exact != .float, exact != .duration {
        report(SemanticDiagnostics.typeMismatch, "cannot negate \(exact.spoken)", at: operand.range)
        return .unknown
      }
      return type
    }
  }
}
