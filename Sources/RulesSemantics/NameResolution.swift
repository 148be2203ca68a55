import RulesSyntax

/// What an identifier in an expression refers to, as resolved by semantic analysis.
public enum ResolvedName: Sendable, Hashable {
  /// A match wildcard, by name; it is bound by the enclosing match's full pattern.
  case wildcard(String)
  /// Parameter `index` of function `function` (an index into ``CheckedRuleset/functions``).
  case parameter(function: Int, index: Int)
  /// `let` binding `index` (in body order) of function `function`.
  case letBinding(function: Int, index: Int)
  /// A built-in variable or namespace (`request`, `resource`, `math`, …).
  case global(String)
}

/// A user function with where it is declared.
public struct ResolvedFunction: Sendable {
  public let declaration: FunctionDeclaration
  /// The match block (index into ``CheckedRuleset/matches``) it is declared in, or nil at
  /// file or service level; its wildcards are visible in the body.
  public let declaringMatch: Int?
}

/// The resolution of every identifier and user-function call, keyed by the start offset of
/// the identifier (for calls, of the callee identifier).
public struct NameResolution: Sendable {
  public var names = KeyedTable<Int, ResolvedName>()
  /// Calls of user functions: callee offset → function index.
  public var calls = KeyedTable<Int, Int>()

  public init() {}
}
