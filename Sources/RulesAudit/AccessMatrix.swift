import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// An `allow` statement written in an audited pattern's block.
public struct AuditedAllow: Sendable {
  public var range: SourceRange
  /// The request methods it names, expanded for the file's version.
  public var methods: RequestMethods
  public var reads: AllowReads
}

/// A probed pattern with the `allow`s written in its block(s) (none for a pattern only the
/// other file of a diff has).
public struct AuditedPattern: Sendable {
  public var probe: PatternProbe
  public var allows: [AuditedAllow]
  /// The range of the first block with this pattern (`match` and its path).
  public var range: SourceRange?
}

/// Who may do what: a cell per pattern, identity and method, decided by the evaluator.
public struct AccessMatrix: Sendable {
  public static let methods: [RequestMethod] = [.get, .list, .create, .update, .delete]

  public var rulesVersion: RulesVersion
  public var patterns: [AuditedPattern]
  public var identities: [AuditIdentity]
  /// Cells ordered by pattern, then identity, then method (``methods`` order).
  public var cells: [AccessCell]
  /// Decisions made.
  public var decisions: Int
  /// Whether the budget ran out; cells after that point are ``Access/notProbed``.
  public var budgetExhausted: Bool

  /// The cell of `pattern` (an index into ``patterns``), `identity` and `method`.
  public func cell(pattern: Int, identity: AuditIdentity, method: RequestMethod) -> AccessCell? {
    guard let row = identities.firstIndex(of: identity), let column = Self.methods.firstIndex(of: method)
    else { return nil }
    let index = (pattern * identities.count + row) * Self.methods.count + column
    return cells.indices.contains(index) ? cells[index] : nil
  }

  /// The index of the pattern spelt `text` (e.g. `users/{uid}/{file}`), if probed.
  public func pattern(_ text: String) -> Int? {
    patterns.firstIndex { $0.probe.pattern == text }
  }
}
