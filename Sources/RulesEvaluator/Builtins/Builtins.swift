import RulesRegex
import RulesSemantics

/// The built-in functions and methods of Storage rules (rules-language.md §6, decisions.md
/// §20), over evaluated values. They are identified by ``BuiltinFunctionID`` and
/// ``BuiltinMethodID``, which the compiler resolves once, so no call looks a name up. An error
/// receiver or argument is returned unchanged (the receiver first, then the leftmost
/// argument); a method the receiver's type lacks is `Function not found error`; a wrong
/// argument count or type is an error worded as production words it.
public enum Builtins {
  /// `receiver.method(arguments...)`, implemented by the receiver's runtime type; `null` as the
  /// receiver is a null value error. Regular expressions run within ``RegexBudget/standard``.
  public static func method(
    _ receiver: Value, _ method: BuiltinMethodID, _ arguments: [Value], regexes: RegexCache
  ) -> Value {
    var budget = RegexBudget.standard
    return self.method(receiver, method, arguments, regexes: regexes, budget: &budget)
  }

  /// `receiver.method(arguments...)`, whose regular expressions spend steps from `budget`: when
  /// it runs out (``RegexBudget/exhausted``) the result is an error and the caller decides what
  /// running out means.
  public static func method(
    _ receiver: Value, _ method: BuiltinMethodID, _ arguments: [Value], regexes: RegexCache,
    budget: inout RegexBudget
  ) -> Value {
    if case .error = receiver { return receiver }
    if let error = firstError(arguments) { return error }
    switch receiver {
    case .string(let text): return stringMethod(text, method, arguments, regexes, &budget)
    case .list(let elements): return listMethod(elements, method, arguments)
    case .map(let map): return mapMethod(map, method, arguments)
    case .set(let set): return setMethod(set, method, arguments)
    case .mapDiff(let diff): return mapDiffMethod(diff, method, arguments)
    case .bytes(let bytes): return bytesMethod(bytes, method, arguments)
    case .path(let path): return pathMethod(path, method, arguments)
    case .timestamp(let time): return timestampMethod(time, method, arguments)
    case .duration(let span): return durationMethod(span, method, arguments)
    case .latlng(let point): return latLngMethod(point, method, arguments)
    case .null: return .error(.nullValue)
    case .bool, .int, .float, .error: return .error(.functionNotFound(method))
    }
  }

  /// A global or namespace function. `firestore.get` and `firestore.exists` get here only with
  /// a wrong argument count (the compiler turns a call with one argument into a look-up), and
  /// are not found, as before any look-up.
  public static func call(_ function: BuiltinFunctionID, _ arguments: [Value]) -> Value {
    if let error = firstError(arguments) { return error }
    switch function {
    case .global(.int): return toInt(arguments)
    case .global(.float): return toFloat(arguments)
    case .global(.string): return toString(arguments)
    case .global(.path): return toPath(arguments)
    case .global(.debug):
      // Production returns the first of any number of arguments, and fails without one.
      guard let first = arguments.first else {
        return .error(EvaluationError("Service call error. Function: [debug], Argument: []."))
      }
      return first
    case .math(let name): return math(name, arguments)
    case .timestamp(let name): return timestampFunction(name, arguments)
    case .duration(let name): return durationFunction(name, arguments)
    case .latlng(let name): return latLngFunction(name, arguments)
    case .hashing(let name): return hashing(name, arguments)
    case .firestore: return .error(.functionNotFound(function.description))
    }
  }

  /// A call of `name` (`startsWith`, `bool`, `math.isInfinite`), which no built-in has: such a
  /// file deploys and the call fails when evaluated (decisions.md §21). The receiver's and the
  /// arguments' own errors come first, as for any call; then a null receiver is a null value
  /// error, and anything else `Function not found error: Name: [name].`
  public static func notFound(_ name: String, receiver: Value?, _ arguments: [Value]) -> Value {
    if let receiver, case .error = receiver { return receiver }
    if let error = firstError(arguments) { return error }
    if case .null? = receiver { return .error(.nullValue) }
    return .error(.functionNotFound(name))
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
