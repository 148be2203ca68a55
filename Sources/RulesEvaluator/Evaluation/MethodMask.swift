import RulesSemantics

/// A set of request methods as bits, tested without hashing or retaining anything.
struct MethodMask: Sendable, Equatable {
  private(set) var bits: UInt8 = 0

  init<S: Sequence>(_ methods: S) where S.Element == RequestMethod {
    for method in methods { bits |= Self.bit(method) }
  }

  func contains(_ method: RequestMethod) -> Bool { bits & Self.bit(method) != 0 }

  mutating func formUnion(_ other: MethodMask) { bits |= other.bits }

  private static func bit(_ method: RequestMethod) -> UInt8 {
    switch method {
    case .get: 1
    case .list: 2
    case .create: 4
    case .update: 8
    case .delete: 16
    }
  }
}
