import RulesEvaluator

/// What an audit may assume: the request time, the Firestore documents, and its budget.
public struct AuditOptions: Sendable {
  /// Decisions one audit may make before it stops with ``AccessMatrix/budgetExhausted``.
  ///
  /// A decision takes microseconds; 60,000 keeps the largest real files far below a second
  /// while a typical file needs a few hundred to a few thousand.
  public static let defaultBudget = 60_000

  /// Match blocks walked by all decisions together, each decision charged as if it walked
  /// every block (a bound: the ruleset's block index spares most of them), so a file with many
  /// blocks gets fewer decisions (4,000,000 / blocks when that is smaller than ``budget``:
  /// 2,666 for a file of 1,500 blocks). A block visit costs about 50 ns in a release build, so
  /// this bounds an audit's decisions to about 0.2 s.
  public static let defaultBlockVisits = 4_000_000

  /// The request time of every probe.
  public var time: Timestamp
  /// Whether ``time`` was given (`--time`); when not, decisions that read `request.time` are
  /// reported as depending on the time.
  public var timeIsGiven: Bool
  /// The documents `firestore.get` and `exists` read.
  public var firestore: FirestoreDocuments
  /// Whether ``firestore`` was given (`--firestore`); when not, decisions that read a document
  /// are reported as depending on it.
  public var firestoreIsGiven: Bool
  /// At most this many decisions (``defaultBudget``).
  public var budget: Int
  /// At most this many block visits (``defaultBlockVisits``).
  public var blockVisits: Int
  /// The bucket of probes whose pattern's bucket segment is a wildcard.
  public var bucket: String

  public init(
    time: Timestamp, timeIsGiven: Bool = false, firestore: FirestoreDocuments? = nil,
    budget: Int = AuditOptions.defaultBudget, blockVisits: Int = AuditOptions.defaultBlockVisits,
    bucket: String = RequestInput.defaultBucket
  ) {
    self.blockVisits = blockVisits
    self.time = time
    self.timeIsGiven = timeIsGiven
    self.firestore = firestore ?? FirestoreDocuments()
    self.firestoreIsGiven = firestore != nil
    self.budget = budget
    self.bucket = bucket
  }
}
