extension Value {
  /// What reading this value in full costs, in work units (``EvaluationLimits``): a unit per
  /// byte of a string or bytes value, ``EvaluationLimits/elementWork`` per element of a list,
  /// set or path, per entry of a map or diff (plus its key's bytes), plus the elements' own
  /// cost, counting an element as often as it occurs; nothing for other values.
  ///
  /// Counting stops once it passes `limit`, so this takes time proportional to at most
  /// `limit`, whatever the value's size (a list may hold the same large list many times).
  func work(limit: Int) -> Int {
    switch self {
    case .string(let text): return text.utf8.count
    case .bytes(let bytes): return bytes.count
    case .path(let path): return path.segments.count * EvaluationLimits.elementWork
    case .list(let elements): return Self.work(of: elements, limit: limit)
    case .set(let set): return Self.work(of: set.elements, limit: limit)
    case .map(let map): return Self.work(of: map, limit: limit)
    case .mapDiff(let diff):
      let left = Self.work(of: diff.left, limit: limit)
      return left > limit ? left : left + Self.work(of: diff.right, limit: limit - left)
    default: return 0
    }
  }

  /// What building this value cost beyond its parts: its bytes, or its elements (not theirs).
  var shallowWork: Int {
    switch self {
    case .string(let text): text.utf8.count
    case .bytes(let bytes): bytes.count
    case .path(let path): path.segments.count * EvaluationLimits.elementWork
    case .list(let elements): elements.count * EvaluationLimits.elementWork
    case .set(let set): set.count * EvaluationLimits.elementWork
    case .map(let map): map.count * EvaluationLimits.elementWork
    case .mapDiff(let diff): (diff.left.count + diff.right.count) * EvaluationLimits.elementWork
    default: 0
    }
  }

  private static func work(of elements: [Value], limit: Int) -> Int {
    var total = elements.count * EvaluationLimits.elementWork
    for element in elements {
      if total > limit { break }
      total += element.work(limit: limit - total)
    }
    return total
  }

  private static func work(of map: [MapKey: Value], limit: Int) -> Int {
    var total = map.count * EvaluationLimits.elementWork
    for (key, value) in map {
      if total > limit { break }
      total += key.string.utf8.count + value.work(limit: limit - total)
    }
    return total
  }
}
