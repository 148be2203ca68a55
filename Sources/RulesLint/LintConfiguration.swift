import RulesSyntax

/// How findings are weighed: the severity each diagnostic is reported with and the severity at
/// which a run fails.
///
/// This is the one place severities are decided. Producers (parser, analyzer, lint rules)
/// report their default; configuration files (and `--strict`) adjust it here.
public struct LintConfiguration: Sendable, Equatable {
  /// A configured severity for one kind of diagnostic.
  public enum SeverityOverride: Sendable, Equatable {
    /// The diagnostic is not reported.
    case off
    /// The diagnostic is reported with this severity.
    case severity(Severity)
  }

  /// Whether warnings fail the run too (`--strict`).
  public var strict: Bool
  /// Whether only findings that stop `firebase deploy` fail the run, whatever their severity
  /// (`--fail-on deploy-errors`); severities then only inform.
  public var failsOnDeployErrorsOnly: Bool
  /// Overrides keyed by diagnostic code (`RS101`) or name (`unknown-method`); a code wins
  /// over a name.
  public var severityOverrides: [String: SeverityOverride]

  public init(
    strict: Bool = false, failsOnDeployErrorsOnly: Bool = false,
    severityOverrides: [String: SeverityOverride] = [:]
  ) {
    self.strict = strict
    self.failsOnDeployErrorsOnly = failsOnDeployErrorsOnly
    self.severityOverrides = severityOverrides
  }

  /// The least severe finding that fails the run: errors, or warnings when strict.
  public var failureThreshold: Severity { strict ? .warning : .error }

  /// The severity `diagnostic` is reported with, or nil when it is turned off.
  public func severity(of diagnostic: Diagnostic) -> Severity? {
    let id = diagnostic.id
    switch severityOverrides[id.code] ?? severityOverrides[id.name] {
    case .off?: return nil
    case .severity(let severity)?: return severity
    case nil: return diagnostic.severity
    }
  }

  /// Whether the catalogue rule `descriptor` runs: as configured, else its default.
  public func isEnabled(_ descriptor: RuleDescriptor) -> Bool {
    switch severityOverrides[descriptor.code] ?? severityOverrides[descriptor.name] {
    case .off?: false
    case .severity?: true
    case nil: descriptor.isEnabledByDefault
    }
  }

  /// Whether findings with identity `id` are reported at all.
  public func isActive(_ id: DiagnosticID) -> Bool {
    severityOverrides[id.code] ?? severityOverrides[id.name] != .off
  }

  /// `diagnostics` with their severities resolved; those turned off are left out.
  public func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.compactMap { diagnostic in
      guard let severity = severity(of: diagnostic) else { return nil }
      var resolved = diagnostic
      resolved.severity = severity
      return resolved
    }
  }
}
