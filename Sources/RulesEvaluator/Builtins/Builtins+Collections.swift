import RulesSemantics

extension Builtins {
  /// `size concat hasAll hasAny hasOnly join removeAll toSet`. `join` converts elements as
  /// `string()` does. Membership uses ``Value/listMemberEquals(_:)``, hashed once the lists
  /// are more than tiny (``ListMembers``); the argument of the `has` methods must be a list
  /// (production: `list.hasAny(set)` is an error). A result longer than ``EvaluationLimits``
  /// allows is an error, found before it is built.
  static func listMethod(_ elements: [Value], _ name: BuiltinMethodID, _ arguments: [Value]) -> Value {
    switch name {
    case .size:
      if let error = noArguments(arguments, "list.size()") { return error }
      return .int(Int64(elements.count))
    case .toSet:
      if let error = noArguments(arguments, "list.toSet()") { return error }
      return .set(ValueSet(elements))
    case .concat, .removeAll, .hasAll, .hasAny, .hasOnly:
      // Built only on the error paths that report it.
      func expected() -> String { "list.\(name)(list)" }
      if let error = arity(arguments, 1, expected()) { return error }
      guard case .list(let other) = arguments[0] else {
        return mismatch("list.\(name)", arguments, expected())
      }
      switch name {
      case .concat:
        let count = elements.count + other.count
        guard count <= EvaluationLimits.maximumElements else {
          return .error(.tooManyElements("list", count: count))
        }
        return .list(elements + other)
      case .removeAll:
        let removed = ListMembers(other, probes: elements.count)
        return .list(elements.filter { !removed.contains($0) })
      case .hasAll:
        let members = ListMembers(elements, probes: other.count)
        return .bool(other.allSatisfy(members.contains))
      case .hasAny:
        let members = ListMembers(elements, probes: other.count)
        return .bool(other.contains(where: members.contains))
      default:
        let allowed = ListMembers(other, probes: elements.count)
        return .bool(elements.allSatisfy(allowed.contains))
      }
    case .join:
      let expected = "list.join(string)"
      if let error = arity(arguments, 1, expected) { return error }
      guard case .string(let separator) = arguments[0] else {
        return mismatch("list.join", arguments, expected)
      }
      var pieces: [String] = []
      pieces.reserveCapacity(elements.count)
      var length = separator.utf8.count * max(0, elements.count - 1)
      for element in elements {
        // Production converts each element as `string()` does: `[1, null].join(',')` is
        // `1,null`, and a list, map or bytes element is string()'s error.
        let piece: String
        if case .string(let text) = element {
          piece = text
        } else {
          guard case .string(let text) = toString([element]) else {
            return mismatch("string", [element], stringExpected)
          }
          piece = text
        }
        length += piece.utf8.count
        pieces.append(piece)
      }
      guard length <= EvaluationLimits.maximumStringBytes else {
        return .error(.stringTooLong(bytes: length))
      }
      return .string(pieces.joined(separator: separator))
    default:
      return .error(.functionNotFound(name))
    }
  }

  /// `size keys values get diff`. `keys()` are in code-point order and `values()` in the order
  /// the map was written (``MapKey/position``), as production lists them; `get` takes a key or a list of keys for a nested lookup and gives the
  /// default when any step is missing or not a map. Keys compare by code units (``MapKey``).
  static func mapMethod(_ map: [MapKey: Value], _ name: BuiltinMethodID, _ arguments: [Value]) -> Value {
    switch name {
    case .size:
      if let error = noArguments(arguments, "map.size()") { return error }
      return .int(Int64(map.count))
    case .keys:
      if let error = noArguments(arguments, "map.keys()") { return error }
      return .list(map.keys.sorted(by: MapKey.codePointOrder).map { .string($0.string) })
    case .values:
      if let error = noArguments(arguments, "map.values()") { return error }
      return .list(map.sorted { MapKey.writtenOrder($0.key, $1.key) }.map(\.value))
    case .get:
      let expected = "map.get(string, any), map.get(list, any)"
      if let error = arity(arguments, 2, expected) { return error }
      switch arguments[0] {
      case .string(let key): return map[MapKey(key)] ?? arguments[1]
      case .list(let keys):
        var current = Value.map(map)
        for key in keys {
          guard case .string(let step) = key else { return mismatch("map.get", arguments, expected) }
          guard case .map(let level) = current, let next = level[MapKey(step)] else { return arguments[1] }
          current = next
        }
        return current
      default:
        return mismatch("map.get", arguments, expected)
      }
    case .diff:
      let expected = "map.diff(map)"
      if let error = arity(arguments, 1, expected) { return error }
      guard case .map(let other) = arguments[0] else { return mismatch("map.diff", arguments, expected) }
      return .mapDiff(MapDiff(left: map, right: other))
    default:
      return .error(.functionNotFound(name))
    }
  }

  /// `size hasAll hasAny hasOnly` (a set or a list argument) and `difference intersection
  /// union` (a set argument). Membership uses ``Value/setMemberEquals(_:)``.
  static func setMethod(_ set: ValueSet, _ name: BuiltinMethodID, _ arguments: [Value]) -> Value {
    switch name {
    case .size:
      if let error = noArguments(arguments, "set.size()") { return error }
      return .int(Int64(set.count))
    case .hasAll, .hasAny, .hasOnly:
      // Built only on the error paths that report it.
      func expected() -> String { "set.\(name)(set), set.\(name)(list)" }
      if let error = arity(arguments, 1, expected()) { return error }
      let other: [Value]
      switch arguments[0] {
      case .set(let values): other = values.elements
      case .list(let values): other = values
      default: return mismatch("set.\(name)", arguments, expected())
      }
      switch name {
      case .hasAll: return .bool(other.allSatisfy(set.contains))
      case .hasAny: return .bool(other.contains(where: set.contains))
      default:
        let allowed: ValueSet
        if case .set(let values) = arguments[0] { allowed = values } else { allowed = ValueSet(other) }
        return .bool(set.elements.allSatisfy(allowed.contains))
      }
    case .difference, .intersection, .union:
      // Built only on the error paths that report it.
      func expected() -> String { "set.\(name)(set)" }
      if let error = arity(arguments, 1, expected()) { return error }
      guard case .set(let other) = arguments[0] else { return mismatch("set.\(name)", arguments, expected()) }
      switch name {
      case .difference: return .set(ValueSet(set.elements.filter { !other.contains($0) }))
      case .intersection: return .set(ValueSet(set.elements.filter(other.contains)))
      default:
        let union = ValueSet(set.elements + other.elements)
        guard union.count <= EvaluationLimits.maximumElements else {
          return .error(.tooManyElements("set", count: union.count))
        }
        return .set(union)
      }
    default:
      return .error(.functionNotFound(name))
    }
  }

  /// `addedKeys` (in the receiver only), `removedKeys` (in the argument only), `changedKeys`,
  /// `unchangedKeys`, `affectedKeys`: sets of keys in key order; values compare as set members.
  static func mapDiffMethod(_ diff: MapDiff, _ name: BuiltinMethodID, _ arguments: [Value]) -> Value {
    let keys: [MapKey]
    switch name {
    case .addedKeys: keys = diff.left.keys.filter { diff.right[$0] == nil }
    case .removedKeys: keys = diff.right.keys.filter { diff.left[$0] == nil }
    case .changedKeys: keys = diff.left.keys.filter { key in isChanged(diff, key) == true }
    case .unchangedKeys: keys = diff.left.keys.filter { key in isChanged(diff, key) == false }
    case .affectedKeys:
      keys =
        diff.left.keys.filter { isChanged(diff, $0) != false }
        + diff.right.keys.filter { diff.left[$0] == nil }
    default: return .error(.functionNotFound(name))
    }
    if let error = noArguments(arguments, "map_diff.\(name)()") { return error }
    return .set(ValueSet(keys.sorted().map { .string($0.string) }))
  }

  /// Whether a key of the left map has another value on the right; nil when the right lacks it.
  private static func isChanged(_ diff: MapDiff, _ key: MapKey) -> Bool? {
    guard let left = diff.left[key], let right = diff.right[key] else { return nil }
    return !left.setMemberEquals(right)
  }
}
