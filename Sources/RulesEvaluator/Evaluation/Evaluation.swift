import RulesSyntax

/// The state of deciding one request: bindings, the shared budget, look-ups and the trace.
struct Evaluation {
  let program: Program
  let request: RequestContext
  let firestore: FirestoreDocuments
  /// The matched block's pattern, whose wildcard values are read from the request's
  /// ``RequestContext/matchSegments`` when a rule reads them; nil outside a block.
  var pattern: CompiledPattern?
  /// The slots of the active user function calls, innermost last (``Frame``).
  var slots: [Frame.Slot] = []
  var expressions = 0
  var callDepth = 0
  /// Work units spent (``EvaluationLimits/maximumWork``).
  var work = 0
  /// Firestore results by document path (compared as bytes); repeats are free.
  var lookups = [MapKey: Value]()
  /// Where a fatal error (a budget ran out) first ended the request.
  var fatal: SourceRange?
  /// Set when tracing: every evaluated node's value, in evaluation order.
  var traced: [TracedValue]?
  /// Set when measuring coverage: the outcomes of conditions.
  var coverage: RulesCoverage?

  mutating func evaluate(_ node: NodeRef, _ frame: Frame?) -> Value {
    expressions += 1
    if expressions > EvaluationLimits.maximumExpressions { return .error(.expressionLimit) }
    let value = compute(node, frame)
    if traced != nil || coverage != nil { record(node, value) }
    return value
  }

  private mutating func record(_ node: NodeRef, _ value: Value) {
    coverage?.record(node: node.pointee.id, value)
    guard traced != nil else { return }
    if case .constant = node.pointee.kind { return }
    traced?.append(TracedValue(range: node.pointee.range, value: value))
  }

  private mutating func compute(_ node: NodeRef, _ frame: Frame?) -> Value {
    switch node.pointee.kind {
    case .constant(let value): return value
    case .wildcard(let slot):
      guard let pattern else { return .error(.nullValue) }
      return pattern.binding(slot, request.matchSegments, hypotheticalChild: request.method == .list)
    case .local(let slot): return read(slot, frame)
    case .request: return request.requestValue
    case .requestField(let field): return request.field(field)
    case .resource: return request.resourceValue
    case .member(let base, let name):
      if traced == nil, coverage == nil, let metadata = deferredMetadata(base) {
        // `resource.<name>` or `request.resource.<name>`: the field, without building the map
        // (the base counts as evaluated, as below).
        expressions += 1
        if expressions > EvaluationLimits.maximumExpressions { return .error(.expressionLimit) }
        return metadata.field(name) ?? .error(.undefinedProperty(name))
      }
      return Operators.member(evaluate(base, frame), name)
    case .index(let base, let index):
      let baseValue = evaluate(base, frame)
      return Operators.index(baseValue, evaluate(index, frame))
    case .range(let base, let lower, let upper):
      let baseValue = evaluate(base, frame)
      let lowerValue = lower.map { evaluate($0, frame) }
      let upperValue = upper.map { evaluate($0, frame) }
      let slice = Operators.range(baseValue, lower: lowerValue, upper: upperValue)
      return charge(slice.shallowWork) ?? slice
    case .unary(let op, let operand): return Operators.unary(op, evaluate(operand, frame))
    case .binary(let op, let left, let right):
      let leftValue = evaluate(left, frame)
      return binary(op, leftValue, evaluate(right, frame))
    case .logicalAnd(let left, let right): return logical(left, right, frame, decisive: false)
    case .logicalOr(let left, let right): return logical(left, right, frame, decisive: true)
    case .ternary(let condition, let then, let otherwise):
      switch evaluate(condition, frame) {
      case .bool(true): return evaluate(then, frame)
      case .bool(false): return evaluate(otherwise, frame)
      case .error(let error): return .error(error)
      case let other:
        return .error(.typeError(other, expected: "bool"))
      }
    case .isType(let value, let typeName): return Operators.isType(evaluate(value, frame), typeName)
    case .list(let elements):
      var values: [Value] = []
      values.reserveCapacity(elements.count)
      for element in elements {
        let value = evaluate(element, frame)
        if case .error = value { return value }
        values.append(value)
      }
      return charge(values.count * EvaluationLimits.elementWork) ?? .list(values)
    case .map(let entries):
      var values: [MapKey: Value] = [:]
      for (position, (keyNode, valueNode)) in entries.enumerated() {
        let key = evaluate(keyNode, frame)
        guard case .string(let text) = key else {
          return key.isError ? key : .error(.typeError(key, expected: "string"))
        }
        let value = evaluate(valueNode, frame)
        if case .error = value { return value }
        // A repeated key keeps its first position (the dictionary keeps the first key).
        values[MapKey(text, position: Int32(truncatingIfNeeded: position))] = value
      }
      return charge(values.count * EvaluationLimits.elementWork) ?? .map(values)
    case .path(let parts): return path(parts, frame)
    case .callFunction(let index, let arguments): return call(index, arguments, frame)
    case .callBuiltin(let function, let arguments):
      switch evaluateArguments(arguments, frame) {
      case .success(let values): return callBuiltin(function, values)
      case .failure(let error): return .error(error)
      }
    case .callMethod(let receiver, let method, let arguments):
      let receiverValue = evaluate(receiver, frame)
      if case .error = receiverValue { return receiverValue }
      switch evaluateArguments(arguments, frame) {
      case .success(let values): return callMethod(receiverValue, method, values)
      case .failure(let error): return .error(error)
      }
    case .callUnknown(let receiver, let name, let arguments):
      let receiverValue = receiver.map { evaluate($0, frame) }
      if let receiverValue, case .error = receiverValue { return receiverValue }
      switch evaluateArguments(arguments, frame) {
      case .success(let values): return Builtins.notFound(name, receiver: receiverValue, values)
      case .failure(let error): return .error(error)
      }
    case .firestoreGet(let argument): return lookUp(evaluate(argument, frame), existsOnly: false)
    case .firestoreExists(let argument): return lookUp(evaluate(argument, frame), existsOnly: true)
    case .failure(let error): return .error(error)
    }
  }

  /// `&&` (decisive value false) and `||` (decisive value true), commutative over errors: a
  /// decisive operand wins over an error on the other side; fatal errors win over everything.
  /// When folding, an unknown operand (which might be decisive) wins over everything but a
  /// decisive value, and a fatal error that the left operand might have prevented.
  private mutating func logical(_ left: NodeRef, _ right: NodeRef, _ frame: Frame?, decisive: Bool) -> Value {
    let leftValue = evaluate(left, frame)
    if case .bool(decisive) = leftValue { return leftValue }
    if case .error(let error) = leftValue, error.kind == .fatal { return leftValue }
    let rightValue = evaluate(right, frame)
    if case .bool(decisive) = rightValue { return rightValue }
    if case .error(let error) = leftValue, error.kind == .unknown { return leftValue }
    if case .error(let error) = rightValue, error.kind != .value { return rightValue }
    return Operators.undecided(leftValue, rightValue, decisive: decisive)
  }

  private mutating func read(_ slot: Int, _ frame: Frame?) -> Value {
    guard let frame, slot < frame.count else { return .error(.nullValue) }
    // The frame stays on the stack while its slots are read, so `index` stays valid.
    let index = frame.base + slot
    switch slots[index] {
    case .done(let value): return value
    case .evaluating: return .error(EvaluationError("Circular reference in let bindings."))
    case .argument(let node, let caller):
      // No `.evaluating` mark: the argument reads the caller's slots and those of the frames it
      // pushes above this one, never this slot.
      let value = evaluate(node, caller)
      slots[index] = .done(value)
      return value
    case .binding(let node):
      slots[index] = .evaluating
      let value = evaluate(node, frame)
      slots[index] = .done(value)
      return value
    }
  }

  /// The deferred metadata `node` reads (`resource`, `request.resource`), or nil: a node of
  /// another kind, or metadata already built or null (read as any other value).
  private func deferredMetadata(_ node: NodeRef) -> DeferredMetadata? {
    let metadata: ObjectMetadataValue
    switch node.pointee.kind {
    case .resource: metadata = request.resource
    case .requestField(.resource): metadata = request.requestResource
    default: return nil
    }
    if case .deferred(let deferred) = metadata { return deferred }
    return nil
  }

  private mutating func call(_ index: Int, _ arguments: NodeList, _ frame: Frame?) -> Value {
    let function = program.functions[index]
    guard arguments.count == function.parameterCount else {
      let signature = "\(function.name)(\(function.parameterNames.joined(separator: ", ")))"
      return .error(
        EvaluationError(
          "Incorrect number of arguments. Received: \(arguments.count). Expected: \(signature)."))
    }
    // Production runs a chain of 21 functions (a call depth of 20 below the first call) and
    // refuses 22, at compile time as at run time.
    guard callDepth <= EvaluationLimits.maximumCallDepth else {
      return .error(
        EvaluationError(
          "Maximum function call depth of \(EvaluationLimits.maximumCallDepth) exceeded.", kind: .fatal))
    }
    let base = slots.count
    if slots.capacity < base + function.slotCount {
      slots.reserveCapacity(max(16, 2 * (base + function.slotCount)))
    }
    for argument in arguments { slots.append(.argument(argument, frame)) }
    for binding in function.lets { slots.append(.binding(binding)) }
    let callee = Frame(base: base, count: function.slotCount)
    callDepth += 1
    defer {
      callDepth -= 1
      while slots.count > base { slots.removeLast() }
    }
    return evaluate(function.body, callee)
  }

  /// The argument values of a built-in call, or the first error among them.
  private mutating func evaluateArguments(
    _ arguments: NodeList, _ frame: Frame?
  ) -> Result<[Value], EvaluationError> {
    var values: [Value] = []
    values.reserveCapacity(arguments.count)
    for argument in arguments {
      let value = evaluate(argument, frame)
      if case .error(let error) = value { return .failure(error) }
      values.append(value)
    }
    return .success(values)
  }
}
