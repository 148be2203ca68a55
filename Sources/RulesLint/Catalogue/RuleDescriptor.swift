import RulesSyntax

/// Everything known about one lint rule: its identity, its documentation and its examples.
///
/// `rulescheck explain`, `rulescheck rules`, `docs/rules.md` and SARIF's `rules` array are
/// generated from descriptors, and the catalogue test runs every example, so the documentation
/// cannot drift from the behaviour.
public struct RuleDescriptor: Sendable {
  /// The stable code, `RC` and three digits.
  public let code: String
  /// The stable kebab-case name.
  public let name: String
  public let category: RuleCategory
  /// The severity used unless configuration says otherwise; rules never choose one.
  public let defaultSeverity: Severity
  /// One line, lower-case, no trailing period.
  public let summary: String
  /// Why the pattern is a problem and what to write instead (Markdown).
  public let rationale: String
  /// Passing and failing examples; failing ones mark the reported ranges with `⟦…⟧`.
  public let examples: [RuleExample]
  /// Known false positives and negatives (Markdown).
  public let limitations: String
  /// Whether the rule's findings carry fixes, whether those keep the meaning of the rules
  /// (`--fix` applies safe ones, `--fix --unsafe-fixes` both), and why.
  public let fix: FixSafety
  /// Whether the rule runs without being enabled in configuration.
  public let isEnabledByDefault: Bool
  /// Whether Firebase's compiler refuses a file with this finding, so `firebase deploy` stops
  /// (decisions.md §21); the rules for compile-time limits.
  public let blocksDeploy: Bool

  public init(
    code: String, name: String, category: RuleCategory, defaultSeverity: Severity, summary: String,
    rationale: String, examples: [RuleExample], limitations: String, fix: FixSafety = .none,
    enabledByDefault: Bool = true, blocksDeploy: Bool = false
  ) {
    self.code = code
    self.name = name
    self.category = category
    self.defaultSeverity = defaultSeverity
    self.summary = summary
    self.rationale = rationale
    self.examples = examples
    self.limitations = limitations
    self.fix = fix
    self.isEnabledByDefault = enabledByDefault
    self.blocksDeploy = blocksDeploy
  }

  /// Whether the rule's findings carry a fix.
  public var isFixable: Bool { fix.isFixable }

  /// The identity the rule's diagnostics carry.
  public var id: DiagnosticID {
    DiagnosticID(code: code, name: name, defaultSeverity: defaultSeverity, blocksDeploy: blocksDeploy)
  }
}
