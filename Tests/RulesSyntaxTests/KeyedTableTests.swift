import RulesSyntax
import Testing

/// `KeyedTable` against `Dictionary` under long runs of random operations.
@Suite("KeyedTable, the hash table for offset keys")
struct KeyedTableTests {
  /// A key whose hash is always the same: every key collides, so probing is what is tested.
  struct Colliding: TableKey, Hashable {
    let value: Int
    var tableHash: Int { 42 }
  }

  /// A small linear congruential generator, so every run does the same operations.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  @Test("look-ups, assignments, removals and inserts agree with Dictionary", arguments: [16, 300, 5_000])
  func agreesWithDictionary(keySpace: Int) {
    var table = KeyedTable<Int, Int>()
    var reference: [Int: Int] = [:]
    var order: [Int] = []
    var random = Generator(state: UInt64(keySpace))
    for step in 0..<20_000 {
      let key = random.next(keySpace) * 7 - keySpace
      switch random.next(4) {
      case 0:
        #expect(table[key] == reference[key])
      case 1:
        table[key] = step
        reference[key] = step
        if !order.contains(key) { order.append(key) }
      case 2:
        table[key] = nil
        reference[key] = nil
      default:
        let (inserted, stored) = table.insert(step, for: key)
        #expect(inserted == (reference[key] == nil))
        if inserted { reference[key] = step }
        #expect(stored == reference[key])
        if !order.contains(key) { order.append(key) }
      }
      #expect(table.count == reference.count)
    }
    // Iteration: the keys with a value, in the order they were first added.
    #expect(table.map(\.key) == order.filter { reference[$0] != nil })
    for (key, value) in table { #expect(reference[key] == value) }
  }

  @Test("keys that all hash alike are still told apart")
  func collisions() {
    var table = KeyedTable<Colliding, String>(minimumCapacity: 4)
    for value in 0..<100 { table[Colliding(value: value)] = "\(value)" }
    #expect(table.count == 100)
    for value in 0..<100 { #expect(table[Colliding(value: value)] == "\(value)") }
    #expect(table[Colliding(value: 100)] == nil)
    table[Colliding(value: 50)] = nil
    #expect(table[Colliding(value: 50)] == nil && table.count == 99)
    table[Colliding(value: 50)] = "again"
    #expect(Array(table.map(\.key.value)) == Array(0..<100))
  }

  @Test("reserving capacity keeps every entry")
  func reserve() {
    var table = KeyedTable<Int, Int>()
    for key in 0..<10 { table[key] = key * key }
    table.reserveCapacity(1_000)
    for key in 0..<10 { #expect(table[key] == key * key) }
    #expect(table.count == 10 && !table.isEmpty)
    #expect(KeyedTable<Int, Int>().isEmpty)
  }
}
