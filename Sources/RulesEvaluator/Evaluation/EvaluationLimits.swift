/// The budgets of deciding one request, in one place. Each is listed in `docs/limits.md`'s
/// table, and the error that reports it names it with its value.
///
/// Production documents the first three (decisions.md §12, §17). The others are rulescheck's
/// own: production's limits on value sizes and work are unpublished, so these are set far above
/// anything a rule meant for Storage builds, and low enough that any request is decided within
/// a fraction of a second and a few tens of MiB.
public enum EvaluationLimits {
  /// Expressions evaluated per request: production's documented limit.
  public static let maximumExpressions = 1_000
  /// Nested user function calls below the first: production runs a chain of 21 functions.
  public static let maximumCallDepth = 20
  /// Distinct Firestore documents read per request: production's documented limit.
  public static let maximumLookups = 2
  /// UTF-8 bytes of one string or path (as text) a request builds: object names have at most
  /// 1,024 and custom metadata 8 KiB, so 1 MiB is never reached by a real rule.
  public static let maximumStringBytes = 1 << 20
  /// Length of one bytes value a request builds, for the same reason.
  public static let maximumBytesLength = 1 << 20
  /// Elements of one list, map or set, and segments of one path, a request builds, and
  /// matches one `split()` or `replace()` finds: real rules hold a handful.
  public static let maximumElements = 100_000
  /// Work units one request may spend building, copying, comparing, hashing and scanning
  /// values: 32 Mi units, about a tenth of a second, so repeating an expensive operation up to
  /// the expression limit cannot take longer.
  public static let maximumWork = 1 << 25
  /// Work units ``ConstantFolder`` may spend on one ruleset across all its folds (four
  /// requests' worth), after which lint treats every value as unknown.
  public static let maximumFoldingWork = 4 * maximumWork
  /// Work units ``ConstantFolder`` charges its budget for every expression a fold evaluates,
  /// which costs nothing in a request (the expression limit bounds it there): folding is
  /// repeated for every `allow`, so without it a file of thousands of `allow`s each calling a
  /// helper that evaluates 1,000 expressions took seconds. At 64 units the folds of one file
  /// evaluate at most about 2,000,000 expressions.
  public static let foldingWorkPerExpression = 64
  /// Work units of one element of a list, map, set or path (a string or bytes value costs one
  /// unit per byte): hashing or comparing an element costs about as much as copying 32 bytes.
  public static let elementWork = 32
  /// Work units of one backtracking step of a regular expression (``RulesRegex/RegexBudget``).
  public static let regexStepWork = 8
  /// Work units per byte that `hashing.md5` and `hashing.sha256` digest (the CRCs cost a unit
  /// per byte, like a copy).
  public static let digestByteWork = 4
  /// Compiled patterns a ruleset keeps; further patterns are compiled on every use.
  public static let regexCacheCapacity = 1_000
  /// UTF-8 bytes of the longest pattern the cache keeps: longer ones, which only a request can
  /// build, are compiled on every use (and paid for as work), so the cache stays small.
  public static let regexCachePatternBytes = 4_096
}
