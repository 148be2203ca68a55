/// A name with its hash worked out once, for ``KeyedTable``: a name looked up in several
/// tables (each scope of a chain, then the globals) hashes its text once, with FNV-1a over its
/// UTF-8 bytes instead of `Dictionary`'s SipHash at every table.
///
/// Contract: equal names have equal ``tableHash``; two keys are equal when their hashes and
/// their names (`String`'s `==`) are. For names, which are ASCII, that is byte equality; two
/// spellings of other text that are canonically equivalent but differ in bytes are different
/// keys unless their hashes collide, so a table that must compare bytes exactly (a regex
/// memo) keys by bytes instead.
public struct NameKey: TableKey, Sendable {
  public let name: String
  public let tableHash: Int

  @inlinable
  public init(_ name: String) {
    self.name = name
    // Read in place (a short name from a copy on the stack): iterating the UTF-8 view byte by
    // byte costs several times more.
    let hash = name.utf8.withContiguousStorageIfAvailable(Self.hash) ?? Self.hash(Array(name.utf8))
    tableHash = Int(bitPattern: UInt(truncatingIfNeeded: hash))
  }

  @inlinable
  static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
  }

  @inlinable
  public static func == (left: NameKey, right: NameKey) -> Bool {
    left.tableHash == right.tableHash && left.name == right.name
  }
}

extension KeyedTable where Key == NameKey {
  /// The table of `dictionary`'s entries, in the order of their names (the table iterates in
  /// insertion order, so it iterates the same way on every run).
  public init(_ dictionary: [String: Value]) {
    self.init(minimumCapacity: dictionary.count)
    for name in dictionary.keys.sorted() { self[NameKey(name)] = dictionary[name] }
  }
}
