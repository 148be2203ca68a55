import RulesSemantics

/// The identity-and-method keys ``AccessAudit/blockAccess(forMatches:budget:)`` decides,
/// numbered once per audit, so that tallying a decision indexes arrays instead of hashing an
/// identity.
///
/// Contract: equal keys share a number; numbers run from 0 to `keys.count - 1`.
struct BlockKeys: Sendable {
  /// The distinct keys, by number.
  let keys: [AccessKey]
  /// The number of each identity's key (outer, in order) with each method (inner, in order).
  private let numbers: [Int]
  private let methods: Int

  init(identities: [AuditIdentity], methods: [RequestMethod]) {
    var keys: [AccessKey] = []
    var seen: [AccessKey: Int] = [:]
    var numbers: [Int] = []
    numbers.reserveCapacity(identities.count * methods.count)
    for identity in identities {
      for method in methods {
        let key = AccessKey(identity, method)
        if let known = seen[key] {
          numbers.append(known)
        } else {
          seen[key] = keys.count
          numbers.append(keys.count)
          keys.append(key)
        }
      }
    }
    self.keys = keys
    self.numbers = numbers
    self.methods = methods.count
  }

  /// The number of identity `identity`'s key with method `method` (indices into the lists
  /// this was made of).
  func number(identity: Int, method: Int) -> Int {
    numbers[identity * methods + method]
  }
}
