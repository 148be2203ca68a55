import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// How often the probes of a cell were allowed.
public enum Access: String, Sendable, Hashable {
  /// Every probe of the cell was allowed.
  case always
  /// Some were: see the cell's qualifiers.
  case sometimes
  /// None was.
  case never
  /// Not decided: the audit budget ran out first.
  case notProbed = "not-probed"

  /// Whether any probe was allowed.
  public var grants: Bool { self == .always || self == .sometimes }
}

/// Which of a cell's probes were allowed, when only some were.
public enum AccessQualifier: Sendable, Hashable {
  /// Uploads only to names where no object exists (overwrites denied).
  case onlyNewObjects
  /// Uploads only over an existing object.
  case onlyOverwrites
  /// Uploads of at most this many bytes.
  case sizeAtMost(Int64)
  /// Uploads of at least this many bytes.
  case sizeAtLeast(Int64)
  /// Uploads (or updates) with one of these content types only.
  case contentTypes([String])
  /// Uploads over an existing object are granted although no `update` or `delete` of the
  /// pattern is: an overwrite is a `create`, so the objects are not immutable.
  case overwritesDespiteNoUpdate
  /// Granted at some depths of a recursive wildcard only.
  case someDepths
  /// Granted for some probes, in a way none of the above describes.
  case someRequests
}

/// What a probe cannot know, on which a cell's decision depends.
public enum AccessUnknown: Sendable, Hashable {
  /// A Firestore document (shown as `users/{uid}`); `--firestore` supplies documents.
  case firestoreDocument(String)
  /// `request.time`; `--time` fixes it.
  case time
}

/// One cell of the access matrix: a pattern, an identity and a method, with what the probes
/// decided.
public struct AccessCell: Sendable {
  /// Index into ``AccessMatrix/patterns``.
  public var pattern: Int
  public var identity: AuditIdentity
  public var method: RequestMethod
  public var access: Access
  /// The `allow` statement that granted the first allowed probe.
  public var grant: SourceRange?
  public var qualifiers: [AccessQualifier]
  public var unknowns: [AccessUnknown]
  /// A probe request of this cell: the first allowed one, else the last denied one; deciding
  /// it again with ``RulesEvaluator/CompiledRuleset/decide(_:firestore:trace:)`` gives the
  /// same answer (`allowed` exactly when ``access`` grants, for an allowed witness).
  public var witness: Request?
  /// How many probes were decided, and how many allowed.
  public var probes: Int
  public var allowedProbes: Int
  /// Which probe requests were allowed, in the order ``ProbeRequests`` made them (the same
  /// order for the same plan, so two rulesets' cells compare probe by probe).
  public var allowedMask: [Bool] = []
}
