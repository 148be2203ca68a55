import RulesEvaluator

/// What each `allow` statement of a group of blocks decided, alone, on the group's probe
/// requests, counted by the statement's number and by the number of an identity and method
/// (``AccessKey``), so that recording a decision hashes nothing. The counts of every statement
/// are in one array per field, statement after statement.
///
/// Contract: ``finish(_:into:keys:)`` writes into a ``StatementAccess`` exactly the maps that
/// recording each of the statement's decisions into them by key would have built.
struct StatementTally {
  /// How many key numbers each statement has.
  private let keys: Int
  private var evaluated: [Int]
  private var errors: [Int]
  private var firstError: [String?]
  private var grants: [Request?]

  /// A tally of `statements` statements and `keys` identity-and-method numbers, none decided
  /// yet.
  init(statements: Int, keys: Int) {
    self.keys = keys
    let count = statements * keys
    evaluated = Array(repeating: 0, count: count)
    errors = Array(repeating: 0, count: count)
    firstError = Array(repeating: nil, count: count)
    grants = Array(repeating: nil, count: count)
  }

  /// Adds what statement number `statement` decided, alone, on `request`, made for key number
  /// `key`.
  mutating func record(_ allow: AllowTrace, statement: Int, key: Int, request: Request) {
    let at = statement * keys + key
    evaluated[at] += 1
    if allow.granted, grants[at] == nil { grants[at] = request }
    if case .error(let message) = allow.outcome {
      errors[at] += 1
      if firstError[at] == nil { firstError[at] = message }
    }
  }

  /// Writes statement number `statement`'s counts into `access`'s maps (empty until then),
  /// `keys[number]` being each number's key.
  func finish(_ statement: Int, into access: inout StatementAccess, keys: [AccessKey]) {
    let base = statement * self.keys
    var evaluatedCount = 0
    var errorCount = 0
    var firstErrorCount = 0
    var grantCount = 0
    for at in base..<base + self.keys {
      if evaluated[at] > 0 { evaluatedCount += 1 }
      if errors[at] > 0 { errorCount += 1 }
      if firstError[at] != nil { firstErrorCount += 1 }
      if grants[at] != nil { grantCount += 1 }
    }
    // Sized once: no map grows while it is filled. A map made with its capacity, not reserved
    // (which runs the standard library's unspecialised code even for none), and only when it
    // gets an entry.
    if evaluatedCount > 0 { access.evaluated = Dictionary(minimumCapacity: evaluatedCount) }
    if errorCount > 0 { access.errors = Dictionary(minimumCapacity: errorCount) }
    if firstErrorCount > 0 { access.firstError = Dictionary(minimumCapacity: firstErrorCount) }
    if grantCount > 0 { access.grants = Dictionary(minimumCapacity: grantCount) }
    // A key is copied only where it is stored (most numbers store nothing).
    for number in keys.indices {
      let at = base + number
      if evaluated[at] > 0 { access.evaluated[keys[number]] = evaluated[at] }
      if errors[at] > 0 { access.errors[keys[number]] = errors[at] }
      if let message = firstError[at] { access.firstError[keys[number]] = message }
      if let request = grants[at] { access.grants[keys[number]] = request }
    }
  }
}
