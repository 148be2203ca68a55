/// A key of a rules map (and of a ``MapDiff``): a string that is equal, hashed and ordered as
/// production's Java strings are, by code units (decisions.md §15).
///
/// Never key rules data by `String`: Swift's `==` and hashing use Unicode canonical
/// equivalence, so `"\u{e9}"` and `"e\u{301}"` would be one key where production has two.
/// Equality and hashing look at the UTF-8 bytes; `<` is Java's `compareTo` (UTF-16 code units),
/// the order of `keys()` and of rendered maps. A string literal is a key.
public struct MapKey: Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The key's text.
  public let string: String

  public init(_ string: String) {
    self.string = string
  }

  public init(stringLiteral value: String) {
    self.string = value
  }

  public var description: String { string }

  public static func == (lhs: MapKey, rhs: MapKey) -> Bool {
    JavaString.equal(lhs.string, rhs.string)
  }

  public func hash(into hasher: inout Hasher) {
    JavaString.hash(string, into: &hasher)
  }

  public static func < (lhs: MapKey, rhs: MapKey) -> Bool {
    JavaString.compare(lhs.string, rhs.string) < 0
  }
}

extension Value {
  /// A rules map from a `String`-keyed dictionary (object metadata by Firebase's field names,
  /// custom metadata): distinct `String` keys are distinct map keys.
  public static func fields(_ fields: [String: Value]) -> Value {
    var map: [MapKey: Value] = [:]
    map.reserveCapacity(fields.count)
    for (name, value) in fields { map[MapKey(name)] = value }
    return .map(map)
  }
}
