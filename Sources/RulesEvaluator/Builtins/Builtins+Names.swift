import RulesSemantics

extension Builtins {
  /// `receiver.name(arguments...)` by name, for tests and tools: the name is resolved as the
  /// compiler resolves it, then called.
  public static func method(
    _ receiver: Value, _ name: String, _ arguments: [Value], regexes: RegexCache
  ) -> Value {
    guard let method = BuiltinMethodID(rawValue: name) else {
      return notFound(name, receiver: receiver, arguments)
    }
    return self.method(receiver, method, arguments, regexes: regexes)
  }

  /// The global function `name` (`int`, `float`, `string`, `path`, `debug`) by name; production
  /// has no `bool()`, so it is not found, like any other name.
  public static func global(_ name: String, _ arguments: [Value]) -> Value {
    guard let function = BuiltinFunctionID(namespace: nil, name: name) else {
      return notFound(name, receiver: nil, arguments)
    }
    return call(function, arguments)
  }

  /// `namespace.name(arguments...)` by name; an unknown name is not found under its qualified
  /// name (`math.isInfinite`).
  public static func namespace(_ namespace: String, _ name: String, _ arguments: [Value]) -> Value {
    guard let function = BuiltinFunctionID(namespace: namespace, name: name) else {
      return notFound("\(namespace).\(name)", receiver: nil, arguments)
    }
    return call(function, arguments)
  }
}

extension EvaluationError {
  /// `Function not found error: Name: [keys].` for a method the receiver's type lacks.
  static func functionNotFound(_ method: BuiltinMethodID) -> EvaluationError {
    functionNotFound(method.rawValue)
  }
}
