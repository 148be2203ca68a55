/// A set of request methods as five bits: built, tested, intersected and compared without
/// hashing or allocating (sets of methods are made and compared for every statement).
///
/// Iterates in ``RequestMethod/allCases`` order: get, list, create, update, delete.
public struct RequestMethods: SetAlgebra, Sequence, Hashable, Sendable {
  public typealias Element = RequestMethod

  /// One bit per method, by its position in ``RequestMethod/allCases``.
  public private(set) var bits: UInt8

  public init() { bits = 0 }

  private init(bits: UInt8) { self.bits = bits }

  public init<S: Sequence>(_ methods: S) where S.Element == RequestMethod {
    var bits: UInt8 = 0
    for method in methods { bits |= Self.bit(method) }
    self.bits = bits
  }

  public init(arrayLiteral elements: RequestMethod...) { self.init(elements) }

  /// Every method.
  public static let all = RequestMethods(RequestMethod.allCases)

  public var isEmpty: Bool { bits == 0 }

  /// How many methods the set holds.
  public var count: Int { bits.nonzeroBitCount }

  public func contains(_ member: RequestMethod) -> Bool { bits & Self.bit(member) != 0 }

  public func union(_ other: RequestMethods) -> RequestMethods { RequestMethods(bits: bits | other.bits) }

  public func intersection(_ other: RequestMethods) -> RequestMethods {
    RequestMethods(bits: bits & other.bits)
  }

  public func symmetricDifference(_ other: RequestMethods) -> RequestMethods {
    RequestMethods(bits: bits ^ other.bits)
  }

  public func subtracting(_ other: RequestMethods) -> RequestMethods {
    RequestMethods(bits: bits & ~other.bits)
  }

  public func isSubset(of other: RequestMethods) -> Bool { bits & ~other.bits == 0 }

  public func isSuperset(of other: RequestMethods) -> Bool { other.bits & ~bits == 0 }

  public func isDisjoint(with other: RequestMethods) -> Bool { bits & other.bits == 0 }

  @discardableResult
  public mutating func insert(
    _ newMember: RequestMethod
  ) -> (inserted: Bool, memberAfterInsert: RequestMethod) {
    let inserted = !contains(newMember)
    bits |= Self.bit(newMember)
    return (inserted, newMember)
  }

  @discardableResult
  public mutating func remove(_ member: RequestMethod) -> RequestMethod? {
    guard contains(member) else { return nil }
    bits &= ~Self.bit(member)
    return member
  }

  @discardableResult
  public mutating func update(with newMember: RequestMethod) -> RequestMethod? {
    let present = contains(newMember)
    bits |= Self.bit(newMember)
    return present ? newMember : nil
  }

  public mutating func formUnion(_ other: RequestMethods) { bits |= other.bits }

  public mutating func formIntersection(_ other: RequestMethods) { bits &= other.bits }

  public mutating func formSymmetricDifference(_ other: RequestMethods) { bits ^= other.bits }

  public mutating func subtract(_ other: RequestMethods) { bits &= ~other.bits }

  public func makeIterator() -> Iterator { Iterator(bits: bits) }

  public var underestimatedCount: Int { count }

  /// The methods of a set, in ``RequestMethod/allCases`` order.
  public struct Iterator: IteratorProtocol, Sendable {
    var bits: UInt8

    public mutating func next() -> RequestMethod? {
      guard bits != 0 else { return nil }
      let position = bits.trailingZeroBitCount
      bits &= bits - 1
      return RequestMethods.method(at: position)
    }
  }

  private static func bit(_ method: RequestMethod) -> UInt8 {
    switch method {
    case .get: 1
    case .list: 2
    case .create: 4
    case .update: 8
    case .delete: 16
    }
  }

  private static func method(at position: Int) -> RequestMethod {
    switch position {
    case 0: .get
    case 1: .list
    case 2: .create
    case 3: .update
    default: .delete
    }
  }
}

extension RequestMethods: CustomStringConvertible {
  /// `[get, list]`, as an array of the methods prints.
  public var description: String { Array(self).description }
}
