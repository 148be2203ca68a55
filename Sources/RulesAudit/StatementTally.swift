import RulesEvaluator

/// What one `allow` statement decided, alone, on a block's probe requests, counted by the
/// number of an identity and method (``AccessKey``) so that recording a decision hashes nothing.
///
/// Contract: ``finish(_:keys:)`` writes into a ``StatementAccess`` exactly the maps that
/// recording each decision into them by key would have built.
struct StatementTally {
  private var evaluated: [Int]
  private var errors: [Int]
  private var firstError: [String?]
  private var grants: [Request?]

  /// A tally of `keys` identity-and-method numbers, none decided yet.
  init(keys: Int) {
    evaluated = Array(repeating: 0, count: keys)
    errors = Array(repeating: 0, count: keys)
    firstError = Array(repeating: nil, count: keys)
    grants = Array(repeating: nil, count: keys)
  }

  /// Adds what the statement decided, alone, on `request`, made for key number `key`.
  mutating func record(_ allow: AllowTrace, key: Int, request: Request) {
    evaluated[key] += 1
    if allow.granted, grants[key] == nil { grants[key] = request }
    if case .error(let message) = allow.outcome {
      errors[key] += 1
      if firstError[key] == nil { firstError[key] = message }
    }
  }

  /// Writes the counts into `statement`'s maps, `keys[number]` being each number's key.
  func finish(_ statement: inout StatementAccess, keys: [AccessKey]) {
    // Sized once: no map grows while it is filled.
    statement.evaluated.reserveCapacity(evaluated.count { $0 > 0 })
    statement.errors.reserveCapacity(errors.count { $0 > 0 })
    statement.firstError.reserveCapacity(firstError.count { $0 != nil })
    statement.grants.reserveCapacity(grants.count { $0 != nil })
    // A key is copied only where it is stored (most numbers store nothing).
    for number in keys.indices {
      if evaluated[number] > 0 { statement.evaluated[keys[number]] = evaluated[number] }
      if errors[number] > 0 { statement.errors[keys[number]] = errors[number] }
      if let message = firstError[number] { statement.firstError[keys[number]] = message }
      if let request = grants[number] { statement.grants[keys[number]] = request }
    }
  }
}
