import RulesSemantics
import RulesSyntax

/// An `allow` statement written directly in a match block, with what it grants.
///
/// Immutable; a class so that the many rules that iterate a file's `allow`s share one copy
/// (copying the statement, its pattern and its methods per rule and `allow` was a tenth of a
/// findings-heavy lint).
public final class LintAllow: Sendable {
  public let statement: AllowStatement
  /// The whole statement, `allow` to `;`.
  public let range: SourceRange
  /// The index of the statement in ``LintContext/allows``.
  public let index: Int
  /// The index of the block in ``LintContext/matches``.
  public let matchIndex: Int
  /// The block's full pattern: every enclosing match path, then its own.
  public let fullPattern: [PathSegment]
  /// The request methods granted, expanded for the file's version (`read` is `get`, plus
  /// `list` under version 2; `write` is `create`, `update`, `delete`).
  public let methods: RequestMethods
  let version: RulesVersion

  init(
    statement: AllowStatement, range: SourceRange, index: Int, matchIndex: Int, match: ResolvedMatch,
    version: RulesVersion
  ) {
    self.statement = statement
    self.range = range
    self.index = index
    self.matchIndex = matchIndex
    self.fullPattern = match.fullPattern
    self.version = version
    self.methods = RequestMethods(granted: statement.methods, in: version)
  }

  public var condition: Expression? { statement.condition }

  /// The method names as written that grant any of `requested`.
  public func names(granting requested: RequestMethods) -> [MethodName] {
    statement.methods.filter { name in
      guard let method = name.method else { return false }
      return !method.requestMethods(in: version).isDisjoint(with: requested)
    }
  }

  /// The range from the first to the last method name granting any of `requested`.
  public func namesRange(granting requested: RequestMethods) -> SourceRange? {
    let names = names(granting: requested)
    guard let first = names.first, let last = names.last else { return nil }
    return first.range.union(last.range)
  }

  /// The single-segment wildcard the pattern ends with, if it ends with one.
  public var lastWildcard: PathSegment? {
    guard let last = fullPattern.last, case .wildcard = last.kind else { return nil }
    return last
  }
}
