/// What a lint rule is about; the catalogue is grouped by it.
public enum RuleCategory: String, Sendable, Codable, CaseIterable {
  /// Rules that let the wrong people read or write.
  case security
  /// Rules that do not do what they seem to.
  case correctness
  /// Rules that hit a limit Firebase enforces.
  case limits
  /// Differences between rules versions.
  case migration
  /// The linter's own suppression comments.
  case suppression
}
