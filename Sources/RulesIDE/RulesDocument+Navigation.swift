import RulesSyntax

extension RulesDocument {
  /// Where the name at `offset` is declared: a function (from a call or its own name), a
  /// parameter, a `let` binding, or a wildcard's `{name}` in the match pattern that binds it.
  /// Nil when the offset is on no user-declared name (built-ins have no declaration here).
  public func definition(at offset: Int) -> SourceRange? {
    guard let occurrence = index.occurrence(at: clamp(offset)) else { return nil }
    return index.declarations[occurrence.key]
  }

  /// Every place the name at `offset` is written, in source order, resolved as semantic
  /// analysis resolves names (a shadowed outer name is not a reference); the declaration
  /// itself only when `includeDeclaration`. Empty when the offset is on no user-declared name.
  public func references(at offset: Int, includeDeclaration: Bool) -> [SourceRange] {
    guard let occurrence = index.occurrence(at: clamp(offset)) else { return [] }
    return index.occurrences(of: occurrence.key, includeDeclaration: includeDeclaration)
  }
}
