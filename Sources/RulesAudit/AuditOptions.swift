import RulesEvaluator

/// What an audit may assume: the request time, the Firestore documents, and its budget.
public struct AuditOptions: Sendable {
  /// Decisions one audit may make before it stops with ``AccessMatrix/budgetExhausted``.
  ///
  /// A decision takes microseconds; 60,000 keeps the largest real files far below a second
  /// while a typical file needs a few hundred to a few thousand.
  public static let defaultBudget = 60_000

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
  /// The bucket of probes whose pattern's bucket segment is a wildcard.
  public var bucket: String

  public init(
    time: Timestamp, timeIsGiven: Bool = false, firestore: FirestoreDocuments? = nil,
    budget: Int = AuditOptions.defaultBudget, bucket: String = RequestInput.defaultBucket
  ) {
    self.time = time
    self.timeIsGiven = timeIsGiven
    self.firestore = firestore ?? FirestoreDocuments()
    self.firestoreIsGiven = firestore != nil
    self.budget = budget
    self.bucket = bucket
  }
}
