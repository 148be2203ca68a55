/// The built-in functions and methods of Storage rules (rules-language.md §6, decisions.md
/// §20). Pure functions over evaluated values: an error receiver or argument is returned
/// unchanged (the receiver first, then the leftmost argument); a name the receiver's type or
/// the namespace lacks is `Function not found error`; a wrong argument count or type is an
/// error worded as production words it.
public enum Builtins {
  /// `receiver.name(arguments...)`. Methods dispatch on the receiver's type; `null` as the
  /// receiver is a null value error.
  public static func method(
    _ receiver: Value, _ name: String, _ arguments: [Value], regexes: RegexCache
  ) -> Value {
    if case .error = receiver { return receiver }
    if let error = firstError(arguments) { return error }
    switch receiver {
    case .string(let text): return stringMethod(text, name, arguments, regexes)
    case .list(let elements): return listMethod(elements, name, arguments)
    case .map(let map): return mapMethod(map, name, arguments)
    case .set(let set): return setMethod(set, name, arguments)
    case .mapDiff(let diff): return mapDiffMethod(diff, name, arguments)
    case .bytes(let bytes): return bytesMethod(bytes, name, arguments)
    case .path(let path): return pathMethod(path, name, arguments)
    case .timestamp(let time): return timestampMethod(time, name, arguments)
    case .duration(let span): return durationMethod(span, name, arguments)
    case .latlng(let point): return latLngMethod(point, name, arguments)
    case .null: return .error(.nullValue)
    case .bool, .int, .float, .error: return .error(.functionNotFound(name))
    }
  }

  /// `int()`, `float()`, `string()`, `path()`, `debug()`. Production has no `bool()`, so it is
  /// not found, like any other name.
  public static func global(_ name: String, _ arguments: [Value]) -> Value {
    if let error = firstError(arguments) { return error }
    switch name {
    case "int": return toInt(arguments)
    case "float": return toFloat(arguments)
    case "string": return toString(arguments)
    case "path": return toPath(arguments)
    case "debug":
      if let error = arity(arguments, 1, "debug(any)") { return error }
      return arguments[0]
    default: return .error(.functionNotFound(name))
    }
  }

  /// `math.*`, `timestamp.*`, `duration.*`, `latlng.*`, `hashing.*`. Unknown names, and every
  /// other namespace, are not found under their qualified name (`math.isInfinite`).
  public static func namespace(_ namespace: String, _ name: String, _ arguments: [Value]) -> Value {
    if let error = firstError(arguments) { return error }
    switch namespace {
    case "math": return math(name, arguments)
    case "timestamp": return timestampFunction(name, arguments)
    case "duration": return durationFunction(name, arguments)
    case "latlng": return latLngFunction(name, arguments)
    case "hashing": return hashing(name, arguments)
    default: return .error(.functionNotFound("\(namespace).\(name)"))
    }
  }

  // MARK: Helpers shared by the built-ins

  @inline(__always)
  static func firstError(_ values: [Value]) -> Value? {
    for value in values {
      if case .error = value { return value }
    }
    return nil
  }

  /// The argument-count error, when `arguments` does not have `count` elements.
  @inline(__always)
  static func arity(_ arguments: [Value], _ count: Int, _ expected: @autoclosure () -> String) -> Value? {
    arguments.count == count ? nil : .error(.argumentCount(arguments.count, expected: expected()))
  }

  /// `Unsupported operation error. Received: name(types). Expected: expected.`
  static func mismatch(_ name: String, _ arguments: [Value], _ expected: String) -> Value {
    .error(.unsupportedCall(name, arguments, expected: expected))
  }

  /// The argument-count error of a method that takes no arguments.
  @inline(__always)
  static func noArguments(_ arguments: [Value], _ signature: @autoclosure () -> String) -> Value? {
    arity(arguments, 0, signature())
  }
}
