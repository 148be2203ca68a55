import RulesSyntax

extension Analysis {
  /// Records the functions declared directly in `statements` so that calls anywhere in the
  /// scope (before or after the declaration) resolve to them.
  mutating func registerFunctions(_ statements: [Statement], in scope: Int) {
    for statement in statements {
      guard case .function(let declaration) = statement.kind, !declaration.name.name.isEmpty else { continue }
      let name = declaration.name
      if let existing = scopes[scope].functions[name.name] {
        report(
          SemanticDiagnostics.duplicateFunction,
          "\(FirebaseMessages.duplicateFunction(name.name)) Rules have no overloading, not even by argument count",
          at: name.range,
          notes: [DiagnosticNote("first declared here", range: functions[existing].declaration.name.range)])
        continue
      }
      if BuiltinCatalogue.globalFunctions[name.name] != nil || BuiltinCatalogue.globals[name.name] != nil {
        report(
          SemanticDiagnostics.reservedName, "function '\(name.name)' hides the built-in '\(name.name)'",
          at: name.range)
      }
      checkParameters(declaration)
      functions.append(FunctionRecord(declaration: declaration, declaringScope: scope))
      scopes[scope].functions[name.name] = functions.count - 1
    }
  }

  private mutating func checkParameters(_ declaration: FunctionDeclaration) {
    let parameters = declaration.parameters
    if parameters.count > RulesLimits.maximumParameters {
      report(
        SemanticDiagnostics.tooManyParameters,
        "function '\(declaration.name.name)' has \(parameters.count) parameters (\(FirebaseMessages.tooManyArguments(declaration.name.name)))",
        at: parameters[RulesLimits.maximumParameters].range)
    }
    var seen: Set<String> = []
    for parameter in parameters {
      if !seen.insert(parameter.name).inserted {
        report(
          SemanticDiagnostics.duplicateParameter,
          "parameter '\(parameter.name)' is declared twice (Variable \(parameter.name) is already defined.)",
          at: parameter.range)
      } else {
        checkVariableName(parameter.name, at: parameter.range, kind: "parameter")
      }
    }
  }

  /// Checks every function's body, each after the functions it calls (but around a cycle), so
  /// that a call's result type is known when its caller is checked: one depth-first search
  /// over the calls written in the bodies, without recursion, then one check per body.
  mutating func checkFunctionBodies() {
    let callees = functions.indices.map { callsWritten(in: $0) }
    var seen = [Bool](repeating: false, count: functions.count)
    for root in functions.indices where !seen[root] {
      seen[root] = true
      var stack = [(function: root, next: 0)]
      while let top = stack.last {
        guard top.next < callees[top.function].count else {
          stack.removeLast()
          checkFunctionBody(top.function)
          continue
        }
        stack[stack.count - 1].next += 1
        let callee = callees[top.function][top.next]
        if !seen[callee] {
          seen[callee] = true
          stack.append((callee, 0))
        }
      }
    }
  }

  /// The user functions called in function `index`'s body, resolved as the checker resolves
  /// them, in the order written.
  private func callsWritten(in index: Int) -> [Int] {
    var pending: [Expression] = functions[index].declaration.body.map { statement in
      switch statement.kind {
      case .letBinding(_, let value), .returnStatement(let value): value
      }
    }.reversed()
    var found: [Int] = []
    while let node = pending.popLast() {
      if case .call(let callee, _) = node.kind, case .identifier(let name) = callee.kind,
        let function = lookupFunction(name, from: functions[index].declaringScope)
      {
        found.append(function)
      }
      var low = pending.count
      node.forEachChild { pending.append($0) }
      var high = pending.count - 1
      while low < high {
        pending.swapAt(low, high)
        low += 1
        high -= 1
      }
    }
    return found
  }

  /// Checks a function's body once: its shape, its limits, its expressions and unused names.
  mutating func checkFunctionBody(_ index: Int) {
    guard !functions[index].isChecked else { return }
    functions[index].isChecked = true
    let declaration = functions[index].declaration
    let scope = newScope(parent: functions[index].declaringScope)
    functions[index].bodyScope = scope
    for (position, parameter) in declaration.parameters.enumerated() {
      scopes[scope].variables[parameter.name] = .parameter(function: index, index: position)
    }
    checkShape(declaration)
    var letCount = 0
    var letNames: [(Identifier, Int)] = []
    for statement in declaration.body {
      switch statement.kind {
      case .letBinding(let name, let value):
        letCount += 1
        if version == .v1 {
          report(
            SemanticDiagnostics.letRequiresVersion2,
            "'let' requires rules_version = '2' (\(FirebaseMessages.letInVersionOne))",
            at: statement.keywordRange)
        }
        if letCount == RulesLimits.compilerMaximumLets + 1 {
          report(
            SemanticDiagnostics.tooManyLets,
            "function '\(declaration.name.name)' has more than \(RulesLimits.compilerMaximumLets) 'let' bindings (\(FirebaseMessages.tooManyLets))",
            at: statement.range)
        }
        let type = inferType(value, scope: scope, function: index)
        guard !name.name.isEmpty else { continue }
        checkVariableName(name.name, at: name.range, kind: "'let'")
        if scopes[scope].variables[name.name] != nil {
          report(
            SemanticDiagnostics.duplicateParameter,
            "'\(name.name)' is already defined in this function (The identifier [\(name.name)] is already bound in the current scope.)",
            at: name.range)
        }
        scopes[scope].variables[name.name] = .letBinding(function: index, index: letCount - 1, type: type)
        letNames.append((name, letCount - 1))
      case .returnStatement(let value):
        functions[index].returnType = inferType(value, scope: scope, function: index)
      }
    }
    for (name, position) in letNames where !usedLets.contains(LetKey(function: index, index: position)) {
      report(SemanticDiagnostics.unusedVariable, FirebaseMessages.unusedVariable(name.name), at: name.range)
    }
    let occurrences = declaration.parameters.reduce(into: [String: Int]()) { $0[$1.name, default: 0] += 1 }
    for (position, parameter) in declaration.parameters.enumerated()
    where !functions[index].usedParameters.contains(position) && occurrences[parameter.name] == 1 {
      report(
        SemanticDiagnostics.unusedParameter,
        "parameter '\(parameter.name)' of function '\(declaration.name.name)' is never used",
        at: parameter.range)
    }
  }

  /// A body is `let` bindings followed by exactly one `return`.
  private mutating func checkShape(_ declaration: FunctionDeclaration) {
    let returns = declaration.body.filter {
      if case .returnStatement = $0.kind { return true }
      return false
    }
    guard let first = returns.first else {
      report(
        SemanticDiagnostics.invalidFunctionBody,
        "function '\(declaration.name.name)' must end with a 'return' statement", at: declaration.name.range)
      return
    }
    for extra in returns.dropFirst() {
      report(
        SemanticDiagnostics.invalidFunctionBody,
        "a function has exactly one 'return'; this one is never reached",
        at: extra.range)
    }
    for statement in declaration.body where statement.range.start > first.range.start {
      if case .letBinding = statement.kind {
        report(
          SemanticDiagnostics.invalidFunctionBody, "'let' after 'return' is never evaluated",
          at: statement.range)
      }
    }
  }

  mutating func checkUnusedFunctions() {
    for record in functions where record.callCount == 0 {
      let name = record.declaration.name
      report(SemanticDiagnostics.unusedFunction, FirebaseMessages.unusedFunction(name.name), at: name.range)
    }
  }

  /// Reports each call cycle once, at the call that closes it.
  ///
  /// One depth-first search with colours over the call graph, iterative (no Swift frame per
  /// call), visiting callees in declaration order: linear in functions plus calls. A back edge
  /// closes a cycle, reported unless it shares a function with one already reported, starting
  /// from its earliest-declared function.
  mutating func checkRecursion() {
    for cycle in callCycles() {
      let names = (cycle + [cycle[0]]).map { functions[$0].declaration.name.name }
      let last = cycle[cycle.count - 1]
      let range = functions[last].callees[cycle[0]] ?? functions[last].declaration.name.range
      let message =
        cycle.count == 1
        ? "function '\(names[0])' calls itself (\(FirebaseMessages.recursiveCall))"
        : "recursive call cycle \(names.joined(separator: " → ")) (Detected a call cycle between [\(names.dropLast().joined(separator: ","))] functions.)"
      report(SemanticDiagnostics.recursiveFunction, message, at: range)
    }
  }

  /// The call cycles to report, each with its earliest-declared function first.
  private func callCycles() -> [[Int]] {
    enum Colour { case white, grey, black }
    let callees = functions.map { $0.callees.keys.sorted() }
    var colour = [Colour](repeating: .white, count: functions.count)
    // Where each grey function sits on `stack`.
    var position = [Int](repeating: 0, count: functions.count)
    // Stack positions of reported functions, increasing: a cycle is the top of the stack, so
    // it holds a reported function exactly when the last of these is at or above its start.
    var reportedPositions: [Int] = []
    var stack: [(function: Int, next: Int)] = []
    var cycles: [[Int]] = []
    for root in functions.indices where colour[root] == .white {
      colour[root] = .grey
      position[root] = 0
      stack.append((root, 0))
      while let top = stack.last {
        guard top.next < callees[top.function].count else {
          colour[top.function] = .black
          if reportedPositions.last == stack.count - 1 { reportedPositions.removeLast() }
          stack.removeLast()
          continue
        }
        let callee = callees[top.function][top.next]
        stack[stack.count - 1].next += 1
        switch colour[callee] {
        case .white:
          colour[callee] = .grey
          position[callee] = stack.count
          stack.append((callee, 0))
        case .grey:
          let start = position[callee]
          guard (reportedPositions.last ?? -1) < start else { continue }
          reportedPositions += start..<stack.count
          let cycle = stack[start...].map(\.function)
          let first = cycle.indices.min { cycle[$0] < cycle[$1] } ?? 0
          cycles.append(Array(cycle[first...] + cycle[..<first]))
        case .black:
          continue
        }
      }
    }
    return cycles
  }
}

/// Identifies a `let` binding: its function and its position among the function's lets.
struct LetKey: Hashable, Sendable {
  let function: Int
  let index: Int
}
