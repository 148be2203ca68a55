/// The call instances one walk has entered (``CallInstance/id``): the first few in a short
/// list searched in order, any more in a set. A walk of the usual condition enters one or two
/// calls, which a set would hash and allocate for.
///
/// Contract: ``insert(_:)`` is true exactly when the id was not inserted before, as
/// `Set.insert(_:).inserted` is.
struct EnteredInstances {
  /// The ids inserted first, at most ``listed`` of them.
  private var first: [Int] = []
  /// The ids inserted after the list filled up.
  private var more: Set<Int> = []
  /// How long the list grows before the set takes over.
  static let listed = 16

  /// Inserts `id`; false when it was already there.
  mutating func insert(_ id: Int) -> Bool {
    if first.contains(id) { return false }
    if first.count < Self.listed {
      if first.isEmpty { first.reserveCapacity(4) }
      first.append(id)
      return true
    }
    return more.insert(id).inserted
  }
}
