/// One check of the lint catalogue: a descriptor that documents and tests it, and the check.
///
/// A rule reports findings at their exact ranges through ``RuleReport``; it never picks a
/// severity (configuration and `--strict` do, in ``LintConfiguration``).
public protocol LintRule: Sendable {
  static var descriptor: RuleDescriptor { get }

  /// Reports every finding of this rule in the file behind `context`.
  func check(_ context: LintContext, report: inout RuleReport)
}

extension LintRule {
  public var descriptor: RuleDescriptor { Self.descriptor }
}
