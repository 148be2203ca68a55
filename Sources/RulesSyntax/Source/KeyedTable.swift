/// A key that hashes itself into one word cheaply: a byte offset, or a few of them mixed.
///
/// ``KeyedTable`` spreads that word with one multiplication instead of running SipHash over
/// it (what `Dictionary` does for every look-up): the tables the analysis and the linter ask
/// most (names by offset, folds and facts by expression) are looked up several times per node.
public protocol TableKey: Equatable {
  /// A word that equal keys share; distinct keys should rarely share it.
  var tableHash: Int { get }
}

extension Int: TableKey {
  @inlinable public var tableHash: Int { self }
}

/// A hash table from ``TableKey`` keys to values, for the hot look-ups by offset.
///
/// Linear probing in a power-of-two slot array at most half full, the slot found by Fibonacci
/// hashing of ``TableKey/tableHash``; entries are kept in insertion order, which is the order
/// the table iterates in (deterministic, unlike `Dictionary`'s). Assigning nil removes a
/// value; its key keeps its place, so adding it again puts it back there.
public struct KeyedTable<Key: TableKey, Value> {
  /// Per slot: the index of its entry plus one; 0 for an empty slot.
  @usableFromInline var slots: [Int32]
  @usableFromInline var keys: [Key] = []
  /// Nil for a removed value.
  @usableFromInline var values: [Value?] = []
  /// `Int.bitWidth` less the slot count's power of two: a slot is the top bits of the spread hash.
  @usableFromInline var shift: Int
  /// Values present (not removed).
  @usableFromInline var present = 0

  /// How many keys have a value.
  @inlinable public var count: Int { present }

  /// An empty table with room for `minimumCapacity` entries before it grows.
  @inlinable
  public init(minimumCapacity: Int = 0) {
    var slotCount = 8
    while slotCount < 2 * minimumCapacity { slotCount *= 2 }
    slots = [Int32](repeating: 0, count: slotCount)
    shift = Int.bitWidth - slotCount.trailingZeroBitCount
    keys.reserveCapacity(minimumCapacity)
    values.reserveCapacity(minimumCapacity)
  }

  @inlinable
  public var isEmpty: Bool { present == 0 }

  /// Makes room for `capacity` entries in all, so that adding that many never rehashes.
  @inlinable
  public mutating func reserveCapacity(_ capacity: Int) {
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
    if 2 * capacity > slots.count { rehash(minimumSlots: 2 * capacity) }
  }

  @inlinable
  public subscript(key: Key) -> Value? {
    get {
      guard let entry = find(key).entry else { return nil }
      return values[entry]
    }
    set {
      let (entry, slot) = find(key)
      if let entry {
        switch (values[entry] == nil, newValue == nil) {
        case (true, false): present += 1
        case (false, true): present -= 1
        default: break
        }
        values[entry] = newValue
        return
      }
      guard let newValue else { return }
      append(key, newValue, at: slot)
    }
  }

  /// Adds `value` for `key` unless the key has a value already (one look-up for both);
  /// returns whether it did, and the value the key has now.
  @inlinable @discardableResult
  public mutating func insert(_ value: Value, for key: Key) -> (inserted: Bool, stored: Value) {
    let (entry, slot) = find(key)
    if let entry {
      if let stored = values[entry] { return (false, stored) }
      values[entry] = value
      present += 1
      return (true, value)
    }
    append(key, value, at: slot)
    return (true, value)
  }

  /// Adds a new entry for `key`, whose empty slot is `slot`.
  @inlinable mutating func append(_ key: Key, _ value: Value, at slot: Int) {
    slots[slot] = Int32(truncatingIfNeeded: keys.count + 1)
    keys.append(key)
    values.append(value)
    present += 1
    if 2 * keys.count > slots.count { rehash(minimumSlots: 2 * slots.count) }
  }

  /// The entry holding `key`, or nil with the empty slot where it belongs.
  @inlinable func find(_ key: Key) -> (entry: Int?, slot: Int) {
    let mask = slots.count - 1
    var slot = slot(for: key.tableHash)
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { return (nil, slot) }
      if keys[stored - 1] == key { return (stored - 1, slot) }
      slot = (slot + 1) & mask
    }
  }

  @inlinable func slot(for hash: Int) -> Int {
    Int(bitPattern: (UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
  }

  @inlinable mutating func rehash(minimumSlots: Int) {
    var slotCount = slots.count
    while slotCount < minimumSlots { slotCount *= 2 }
    slots = [Int32](repeating: 0, count: slotCount)
    shift = Int.bitWidth - slotCount.trailingZeroBitCount
    let mask = slotCount - 1
    for (index, key) in keys.enumerated() {
      var slot = slot(for: key.tableHash)
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: index + 1)
    }
  }
}

extension KeyedTable: Sequence {
  /// The keys with a value, and their values, in the order the keys were first added.
  public struct Iterator: IteratorProtocol {
    @usableFromInline let table: KeyedTable
    @usableFromInline var position = 0

    @inlinable init(table: KeyedTable) { self.table = table }

    @inlinable
    public mutating func next() -> (key: Key, value: Value)? {
      while position < table.keys.count {
        defer { position += 1 }
        if let value = table.values[position] { return (table.keys[position], value) }
      }
      return nil
    }
  }

  @inlinable
  public func makeIterator() -> Iterator { Iterator(table: self) }

  @inlinable
  public var underestimatedCount: Int { count }
}

extension KeyedTable: Sendable where Key: Sendable, Value: Sendable {}
extension KeyedTable.Iterator: Sendable where Key: Sendable, Value: Sendable {}
