/// A value as a key of a hashed collection, equal to another as `equality` says, and hashed
/// so that values equal that way hash alike: sets and `hasAll`/`hasAny`/`hasOnly`/`removeAll`
/// look elements up in time independent of the collection's size.
///
/// Numbers hash by their value as a `Double` under set-member equality (`1` and `1.0` are one
/// member), by type and value under list-member equality. Ints beyond 2^53 that round to the
/// same `Double` share a hash (at most 2,048 of them), which costs time, never a wrong answer.
struct MemberKey: Hashable {
  enum Equality: Hashable {
    /// ``Value/setMemberEquals(_:)``.
    case set
    /// ``Value/listMemberEquals(_:)``.
    case list
  }

  let value: Value
  let equality: Equality

  static func == (lhs: MemberKey, rhs: MemberKey) -> Bool {
    switch lhs.equality {
    case .set: lhs.value.setMemberEquals(rhs.value)
    case .list: lhs.value.listMemberEquals(rhs.value)
    }
  }

  func hash(into hasher: inout Hasher) {
    value.hashMember(into: &hasher, numbersByValue: equality == .set)
  }
}

extension Value {
  /// Feeds what member equality looks at to `hasher`: with `numbersByValue`, ints and floats
  /// hash by numeric value (NaN alike); otherwise by type and value. Sets nested anywhere hash
  /// their members by value, as set equality compares them.
  func hashMember(into hasher: inout Hasher, numbersByValue: Bool) {
    switch self {
    case .null: hasher.combine(0 as UInt8)
    case .bool(let value):
      hasher.combine(1 as UInt8)
      hasher.combine(value)
    case .int(let value):
      if numbersByValue {
        hasher.combine(2 as UInt8)
        hasher.combine(Double(value))
      } else {
        hasher.combine(3 as UInt8)
        hasher.combine(value)
      }
    case .float(let value):
      hasher.combine(numbersByValue ? 2 as UInt8 : 4 as UInt8)
      // `Double`'s hash already takes -0.0 as 0.0; every NaN is one member.
      if value.isNaN { hasher.combine(UInt8.max) } else { hasher.combine(value) }
    case .string(let text):
      hasher.combine(5 as UInt8)
      JavaString.hash(text, into: &hasher)
    case .bytes(let bytes):
      hasher.combine(6 as UInt8)
      hasher.combine(bytes)
    case .list(let elements):
      hasher.combine(7 as UInt8)
      hasher.combine(elements.count)
      for element in elements { element.hashMember(into: &hasher, numbersByValue: numbersByValue) }
    case .map(let map):
      hasher.combine(8 as UInt8)
      Self.hashEntries(map, into: &hasher, numbersByValue: numbersByValue)
    case .set(let set):
      hasher.combine(9 as UInt8)
      hasher.combine(set.count)
      // Order-independent: members may be listed in any order.
      var sum = 0
      for element in set.elements {
        var inner = Hasher()
        element.hashMember(into: &inner, numbersByValue: true)
        sum &+= inner.finalize()
      }
      hasher.combine(sum)
    case .mapDiff(let diff):
      hasher.combine(10 as UInt8)
      Self.hashEntries(diff.left, into: &hasher, numbersByValue: numbersByValue)
      Self.hashEntries(diff.right, into: &hasher, numbersByValue: numbersByValue)
    case .path(let path):
      hasher.combine(11 as UInt8)
      hasher.combine(path)
    case .timestamp(let time):
      hasher.combine(12 as UInt8)
      hasher.combine(time)
    case .duration(let span):
      hasher.combine(13 as UInt8)
      hasher.combine(span)
    case .latlng(let point):
      hasher.combine(14 as UInt8)
      hasher.combine(point)
    case .error: hasher.combine(15 as UInt8)
    }
  }

  /// A map's entries, independently of their order.
  private static func hashEntries(_ map: [MapKey: Value], into hasher: inout Hasher, numbersByValue: Bool) {
    hasher.combine(map.count)
    var sum = 0
    for (key, value) in map {
      var inner = Hasher()
      inner.combine(key)
      value.hashMember(into: &inner, numbersByValue: numbersByValue)
      sum &+= inner.finalize()
    }
    hasher.combine(sum)
  }
}
