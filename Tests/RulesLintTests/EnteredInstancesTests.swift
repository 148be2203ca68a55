import Testing

@testable import RulesLint

/// ``EnteredInstances`` answers as a `Set<Int>` would, before and after its short list fills.
@Suite struct EnteredInstancesTests {
  @Test("inserting ids, repeats among them, answers as Set.insert does", arguments: [3, 16, 17, 40, 500])
  func matchesSet(distinct: Int) {
    var generator = SystemRandomNumberGenerator()
    var entered = EnteredInstances()
    var reference: Set<Int> = []
    for _ in 0..<(distinct * 6) {
      let id = Int.random(in: 1...distinct, using: &generator)
      let inserted = entered.insert(id)
      #expect(inserted == reference.insert(id).inserted)
    }
  }

  @Test("every id past the short list is still found again")
  func pastTheList() {
    var entered = EnteredInstances()
    let count = EnteredInstances.listed * 3
    for id in 0..<count {
      let inserted = entered.insert(id)
      #expect(inserted)
    }
    for id in (0..<count).reversed() {
      let inserted = entered.insert(id)
      #expect(!inserted)
    }
  }
}
