extension Value {
  /// Rules equality: ints and floats compare numerically, values of other different types are
  /// unequal, strings by code units (`'\u00e9' != 'e\u0301'`, decisions.md §15), lists
  /// element-wise, maps by keys and values, sets by membership. Numbers inside lists, maps and
  /// latlngs compare strictly, as production's runtime does: same type, same value and sign,
  /// NaN equal to nothing (`[1] == [1.0]` and `[0.0] == [-0.0]` are false, `1 == 1.0` true). Two
  /// `MapDiff`s are never equal.
  public func rulesEquals(_ other: Value) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.float(let a), .float(let b)): return a == b
    case (.int(let a), .float(let b)): return Double(a) == b
    case (.float(let a), .int(let b)): return a == Double(b)
    case (.string(let a), .string(let b)): return JavaString.equal(a, b)
    case (.bytes(let a), .bytes(let b)): return a == b
    case (.list, .list), (.map, .map):
      return matches(other, numbers: .identical, nested: .identical)
    case (.set(let a), .set(let b)):
      return a.count == b.count && a.elements.allSatisfy(b.contains)
    case (.mapDiff, .mapDiff): return false
    case (.path(let a), .path(let b)): return a == b
    case (.timestamp(let a), .timestamp(let b)): return a == b
    case (.duration(let a), .duration(let b)): return a == b
    case (.latlng(let a), .latlng(let b)):
      return a == b && a.latitude.sign == b.latitude.sign && a.longitude.sign == b.longitude.sign
    default: return false
    }
  }
}

extension Value {
  /// How `v in list`, a list's `hasAll`/`hasAny`/`hasOnly` and `removeAll` match elements:
  /// numbers match only with the same type and value (`1.0 in [1]` is false, `-0.0 in [0.0]`
  /// is true); elements nested in lists and maps must be identical (`0.0` is not `-0.0`).
  public func listMemberEquals(_ other: Value) -> Bool {
    matches(other, numbers: .sameType, nested: .identical)
  }

  /// How sets and `MapDiff` compare values: numbers by value at every depth, NaN matching NaN
  /// (`[1, 1.0].toSet().size() == 1`).
  public func setMemberEquals(_ other: Value) -> Bool {
    matches(other, numbers: .byValue, nested: .byValue)
  }

  private enum NumberMatch {
    /// Same type and `==`.
    case sameType
    /// Same type, same value and sign; NaN matches nothing.
    case identical
    /// Numeric value across int and float; NaN matches NaN.
    case byValue
  }

  private func matches(_ other: Value, numbers: NumberMatch, nested: NumberMatch) -> Bool {
    switch (self, other) {
    case (.int(let a), .int(let b)): return a == b
    case (.float(let a), .float(let b)):
      switch numbers {
      case .sameType: return a == b
      case .identical: return a == b && a.sign == b.sign
      case .byValue: return a == b || (a.isNaN && b.isNaN)
      }
    case (.int(let a), .float(let b)), (.float(let b), .int(let a)):
      return numbers == .byValue && Double(a) == b
    case (.list(let a), .list(let b)):
      guard a.count == b.count else { return false }
      for (x, y) in zip(a, b) where !x.matches(y, numbers: nested, nested: nested) { return false }
      return true
    case (.map(let a), .map(let b)):
      return Self.mapsMatch(a, b, nested)
    case (.mapDiff(let a), .mapDiff(let b)):
      return Self.mapsMatch(a.left, b.left, nested) && Self.mapsMatch(a.right, b.right, nested)
    default:
      return rulesEquals(other)
    }
  }

  private static func mapsMatch(
    _ a: [MapKey: Value], _ b: [MapKey: Value], _ numbers: NumberMatch
  ) -> Bool {
    guard a.count == b.count else { return false }
    for (key, value) in a {
      guard let otherValue = b[key], value.matches(otherValue, numbers: numbers, nested: numbers)
      else { return false }
    }
    return true
  }
}
