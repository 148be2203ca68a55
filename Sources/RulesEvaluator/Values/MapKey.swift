/// A key of a rules map (and of a ``MapDiff``): a string that is equal, hashed and ordered as
/// production's Java strings are, by code units (decisions.md §15).
///
/// Never key rules data by `String`: Swift's `==` and hashing use Unicode canonical
/// equivalence, so `"\u{e9}"` and `"e\u{301}"` would be one key where production has two.
/// Equality and hashing look at the UTF-8 bytes; `<` is Java's `compareTo` (UTF-16 code units),
/// the order of rendered maps. A string literal is a key.
///
/// A key also carries its ``position`` in the map literal or JSON object that made it, which
/// equality and hashing ignore: a dictionary keeps the key it first stored, so the position
/// survives lookups, and `values()` lists values in that order, as production does.
public struct MapKey: Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The key's text.
  public let string: String
  /// Where the key was written among its map's entries (0 when the map has no written order).
  public let position: Int32

  public init(_ string: String, position: Int32 = 0) {
    self.string = string
    self.position = position
  }

  public init(stringLiteral value: String) {
    self.string = value
    self.position = 0
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

  /// The order of `keys()` in production: by code points (UTF-8 bytes), so `'\u{FF61}'` comes
  /// before `'😀'` although it follows it in UTF-16.
  static func codePointOrder(_ lhs: MapKey, _ rhs: MapKey) -> Bool {
    lhs.string.utf8.lexicographicallyPrecedes(rhs.string.utf8)
  }

  /// The order of `values()` in production: as written, then by code points.
  static func writtenOrder(_ lhs: MapKey, _ rhs: MapKey) -> Bool {
    lhs.position != rhs.position ? lhs.position < rhs.position : codePointOrder(lhs, rhs)
  }
}

extension Value {
  /// A rules map from a `String`-keyed dictionary (object metadata by Firebase's field names,
  /// custom metadata): distinct `String` keys are distinct map keys.
  public static func fields(_ fields: [String: Value]) -> Value {
    .map(fieldMap(fields))
  }

  /// The entries of ``fields(_:)``'s map, for a caller that sets more of them before making it
  /// a value.
  public static func fieldMap(_ fields: [String: Value]) -> [MapKey: Value] {
    var map = [MapKey: Value](minimumCapacity: fields.count)
    for (name, value) in fields { map[MapKey(name)] = value }
    return map
  }
}
