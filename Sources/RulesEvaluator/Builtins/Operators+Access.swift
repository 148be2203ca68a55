extension Operators {
  /// `list[i]`, `string[i]` (one UTF-16 code unit), `map[key]`, `path[i]` (a segment).
  public static func index(_ base: Value, _ index: Value) -> Value {
    if case .error = base { return base }
    if case .error = index { return index }
    switch (base, index) {
    case (.list(let elements), .int(let i)):
      guard i >= 0, i < elements.count else {
        return .error(.indexOutOfBound(index: i, size: elements.count))
      }
      return elements[Int(i)]
    case (.string(let text), .int(let i)):
      let count = text.utf16.count
      guard i >= 0, i < count else { return .error(.indexOutOfBound(index: i, size: count)) }
      return .string(JavaString.slice(text, from: Int(i), to: Int(i) + 1))
    case (.map(let map), .string(let key)):
      return entry(map, key) ?? .error(.undefinedProperty(key))
    case (.path(let path), .int(let i)):
      let segments = path.segments
      guard i >= 0, i < segments.count else {
        return .error(.indexOutOfBound(index: i, size: segments.count))
      }
      return .string(segments[Int(i)])
    case (.null, _):
      return .error(.nullValue)
    case (.set, _), (.bytes, _):
      // Production has no `[]` for these types at all.
      return .error(.functionNotFound("[]"))
    default:
      return .error(.unsupportedIndex(base, index.typeName, expected: indexExpected(base)))
    }
  }

  /// `base[lower:upper]` on a list, a string (UTF-16 code units) or a path; an omitted bound is
  /// 0 or the size. Production's checks, in order: `lower` is an index, `upper - 1` is an index,
  /// `lower <= upper` (decisions.md §20), so `[0:0]` is an error and `[i:i]` for `0 < i < n`
  /// is empty.
  public static func range(_ base: Value, lower: Value?, upper: Value?) -> Value {
    if case .error = base { return base }
    if let lower, case .error = lower { return lower }
    if let upper, case .error = upper { return upper }
    let size: Int
    switch base {
    case .list(let elements): size = elements.count
    case .string(let text): size = text.utf16.count
    case .path(let path): size = path.segments.count
    case .null: return .error(.nullValue)
    case .set, .bytes: return .error(.functionNotFound("@range"))
    default:
      return .error(
        .unsupportedIndex(base, rangeTypes(lower, upper), expected: "list[int:int], string[int:int]"))
    }
    let start: Int64
    let end: Int64
    switch (lower ?? .int(0), upper ?? .int(Int64(size))) {
    case (.int(let a), .int(let b)):
      start = a
      end = b
    default:
      let expected = "\(base.typeName)[int:int]"
      return .error(.unsupportedIndex(base, rangeTypes(lower, upper), expected: expected))
    }
    if start < 0 || start >= size { return .error(.indexOutOfBound(index: start, size: size)) }
    let last = end &- 1
    if last < 0 || last >= size { return .error(.indexOutOfBound(index: last, size: size)) }
    if start > end { return .error(.illegalRange(from: start, to: end)) }
    let from = Int(start)
    let to = Int(end)
    switch base {
    case .list(let elements): return .list(Array(elements[from..<to]))
    case .string(let text): return .string(JavaString.slice(text, from: from, to: to))
    case .path(let path): return .path(PathValue(segments: Array(path.segments[from..<to])))
    default: return .error(.unsupportedIndex(base, "int:int", expected: "list[int:int], string[int:int]"))
    }
  }

  /// `map.name`; a missing key is `Property <name> is undefined on object.`, `null.name` a null
  /// value error. Paths have no named bindings here, so `path.name` is undefined too; any other
  /// type is production's `Type error. Received: [int] Expected: [map,path].`
  public static func member(_ base: Value, _ name: String) -> Value {
    switch base {
    case .error: return base
    case .map(let map): return entry(map, name) ?? .error(.undefinedProperty(name))
    case .null: return .error(.nullValue)
    case .path: return .error(.undefinedProperty(name))
    default: return .error(.typeError(base, expected: "map,path"))
    }
  }

  /// The value of `key` in `map`. The maps rules read most (`request.auth`, `resource`, a
  /// token) are small, and comparing a few keys' bytes costs less than hashing one.
  @inline(__always)
  static func entry(_ map: [MapKey: Value], _ key: String) -> Value? {
    guard map.count <= 16 else { return map[MapKey(key)] }
    for (candidate, value) in map where JavaString.equal(candidate.string, key) { return value }
    return nil
  }

  private static func indexExpected(_ base: Value) -> String {
    switch base {
    case .list: "list[int]"
    case .string: "string[int]"
    case .map: "map[string]"
    case .path: "path[int]"
    default: "list[int], string[int], map[string], path[int]"
    }
  }

  private static func rangeTypes(_ lower: Value?, _ upper: Value?) -> String {
    "\(lower?.typeName ?? "")" + ":" + "\(upper?.typeName ?? "")"
  }
}
