import RulesSyntax

/// A `// rulescheck:disable-… CODE[,CODE] -- reason` comment.
public struct SuppressionDirective: Sendable, Equatable {
  public enum Scope: String, Sendable, CaseIterable {
    case nextLine = "disable-next-line"
    case line = "disable-line"
    case file = "disable-file"
  }

  /// A code or name listed in the directive, with where it is written.
  public struct Target: Sendable, Equatable {
    public let key: String
    public let range: SourceRange
  }

  public let scope: Scope
  /// From `rulescheck:` to the end of the last code.
  public let range: SourceRange
  /// The codes or names listed; empty means every finding.
  public let targets: [Target]
  /// The text after `--`, if any.
  public let reason: String?
  /// The 1-based line the directive applies to (unused for ``Scope/file``).
  public let line: Int

  public static let prefix = "rulescheck:"
}
