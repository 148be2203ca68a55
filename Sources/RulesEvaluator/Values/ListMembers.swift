/// The elements of a list, ready for `hasAll`, `hasAny`, `hasOnly` and `removeAll` to test
/// values against by ``Value/listMemberEquals(_:)``: hashed (``MemberKey``) when the list and
/// the number of look-ups are both more than tiny, so the test is linear, not quadratic.
struct ListMembers {
  private let elements: [Value]
  private let index: Set<MemberKey>?

  /// `probes` is how many values will be looked up; below 64 comparisons in all, a linear
  /// search is cheaper than hashing.
  init(_ elements: [Value], probes: Int) {
    self.elements = elements
    let (comparisons, overflow) = elements.count.multipliedReportingOverflow(by: probes)
    if overflow || comparisons > 64 {
      index = Set(elements.lazy.map { MemberKey(value: $0, equality: .list) })
    } else {
      index = nil
    }
  }

  func contains(_ value: Value) -> Bool {
    if let index { return index.contains(MemberKey(value: value, equality: .list)) }
    return elements.contains { $0.listMemberEquals(value) }
  }
}
