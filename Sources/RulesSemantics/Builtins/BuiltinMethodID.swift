/// A built-in method, by name; ``signatures`` says which receiver types have it.
///
/// This is the one list of the methods Storage rules provide. The checker takes their
/// signatures from here; the compiler resolves a method name to a case once, and the evaluator
/// picks the implementation by the receiver's runtime type (a test checks that it implements
/// exactly the receiver types listed here).
public enum BuiltinMethodID: String, BuiltinName {
  case size, lower, upper, trim, matches, replace, split, toUtf8
  case toBase64, toHexString
  case concat, hasAll, hasAny, hasOnly, join, removeAll, toSet
  case diff, get, keys, values
  case difference, intersection, union
  case addedKeys, removedKeys, changedKeys, unchangedKeys, affectedKeys
  case bind
  case year, month, day, hours, minutes, seconds, nanos, dayOfWeek, dayOfYear, toMillis, date, time
  case latitude, longitude, distance

  /// The receiver types that have this method, each with the method's parameters and result
  /// (rules-language.md §6). Records such as `request.auth` use the map methods.
  public var signatures: [ValueType: BuiltinFunction] {
    switch self {
    case .size: on([.string, .bytes, .list, .map, .set], [], .int)
    case .lower, .upper, .trim: on([.string], [], .string)
    case .matches: on([.string], [.just(.string)], .bool)
    case .replace: on([.string], [.just(.string), .just(.string)], .string)
    case .split: on([.string], [.just(.string)], .value(.list))
    case .toUtf8: on([.string], [], .value(.bytes))
    case .toBase64, .toHexString: on([.bytes], [], .string)
    case .concat, .removeAll: on([.list], [.just(.list)], .value(.list))
    case .hasAll, .hasAny, .hasOnly:
      on([.list], [.just(.list)], .bool).merging(on([.set], [.oneOf([.list, .set])], .bool)) { a, _ in a }
    case .join: on([.list], [.just(.string)], .string)
    case .toSet: on([.list], [], .value(.set))
    case .diff: on([.map], [.just(.map)], .value(.mapDiff))
    case .get: on([.map], [.any, .any], .unknown)
    case .keys, .values: on([.map], [], .value(.list))
    case .difference, .intersection, .union: on([.set], [.just(.set)], .value(.set))
    case .addedKeys, .removedKeys, .changedKeys, .unchangedKeys, .affectedKeys:
      on([.mapDiff], [], .value(.set))
    case .bind: on([.path], [.just(.map)], .value(.path))
    case .year, .month, .day, .hours, .minutes, .dayOfWeek, .dayOfYear, .toMillis: on([.timestamp], [], .int)
    case .seconds, .nanos: on([.timestamp, .duration], [], .int)
    case .date: on([.timestamp], [], .value(.timestamp))
    case .time: on([.timestamp], [], .value(.duration))
    case .latitude, .longitude: on([.latlng], [], .float)
    case .distance: on([.latlng], [.just(.latlng)], .float)
    }
  }

  private func on(
    _ receivers: [ValueType], _ parameters: [ParameterType], _ returns: StaticType
  ) -> [ValueType: BuiltinFunction] {
    Dictionary(uniqueKeysWithValues: receivers.map { ($0, BuiltinFunction(rawValue, parameters, returns)) })
  }
}
