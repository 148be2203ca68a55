import RulesSyntax

extension Operators {
  /// `< <= > >=` on numbers (int and float mix), strings (UTF-16 code units, as Java), bytes
  /// (unsigned, lexicographic), timestamps and durations. Any other pair is an error; NaN makes
  /// every comparison false.
  static func compare(_ op: BinaryOperator, _ left: Value, _ right: Value) -> Value {
    let order: Int?
    switch (left, right) {
    case (.int(let a), .int(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
    case (.string(let a), .string(let b)): order = JavaString.compare(a, b)
    case (.bytes(let a), .bytes(let b)): order = compareBytes(a, b)
    case (.timestamp(let a), .timestamp(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
    case (.duration(let a), .duration(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
    default:
      guard let (a, b) = floats(left, right) else {
        let spelling = op.spelling
        let expected =
          ["string", "bytes", "int", "float", "duration", "timestamp"]
          .map { "\($0) \(spelling) \($0)" }
          .joined(separator: ", ") + ", constraint \(spelling) any, any \(spelling) constraint"
        return .error(.unsupported(left.typeName, spelling, right.typeName, expected: expected))
      }
      order = a < b ? -1 : (a == b ? 0 : (a > b ? 1 : nil))
    }
    guard let order else { return .bool(false) }
    switch op {
    case .less: return .bool(order < 0)
    case .lessOrEqual: return .bool(order <= 0)
    case .greater: return .bool(order > 0)
    default: return .bool(order >= 0)
    }
  }

  /// `element in collection`: list membership (``Value/listMemberEquals(_:)``), a map's keys
  /// (the element must be a string; keys compare by code units), set membership. `in null` is a null value error; any other
  /// collection has no `in`.
  static func membership(_ element: Value, in collection: Value) -> Value {
    switch collection {
    case .list(let elements): return .bool(elements.contains { $0.listMemberEquals(element) })
    case .map(let map):
      guard case .string(let key) = element else { return .error(.mapMembership(element)) }
      return .bool(map[MapKey(key)] != nil)
    case .set(let set): return .bool(set.contains(element))
    case .null: return .error(.nullValue)
    default: return .error(.functionNotFound("in"))
    }
  }

  private static func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
    for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
    return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
  }
}
