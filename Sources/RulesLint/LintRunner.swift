import RulesSemantics
import RulesSyntax

/// Lints rules files: reads them, analyses them, resolves severities and builds the report.
public struct LintRunner: Sendable {
  public var configuration: LintConfiguration
  public var reader: SourceReader

  public init(configuration: LintConfiguration = LintConfiguration(), reader: SourceReader = SourceReader()) {
    self.configuration = configuration
    self.reader = reader
  }

  /// Reads and lints `inputs`; a file named twice is linted once. Throws when a file cannot
  /// be read or is not UTF-8, before anything is linted.
  public func run(_ inputs: [LintInput]) throws(LintError) -> LintReport {
    let sources = try reader.read(inputs.uniqued())
    return report(sources.map(lint))
  }

  /// Lints one source.
  public func lint(_ source: SourceFile) -> FileReport {
    lint(SemanticAnalyzer.analyze(source))
  }

  /// The report for an analysed file. The lint catalogue's findings will join the analyzer's
  /// here, before severities are resolved, so that configuration governs them all alike.
  public func lint(_ ruleset: CheckedRuleset) -> FileReport {
    fileReport(ruleset.source, rulesVersion: ruleset.version, findings: ruleset.diagnostics)
  }

  /// The report for `source` given everything found in it: severities resolved by
  /// ``configuration`` (dropping those turned off), in source order.
  public func fileReport(
    _ source: SourceFile, rulesVersion: RulesVersion, findings: [Diagnostic]
  ) -> FileReport {
    FileReport(
      path: source.path, source: source, rulesVersion: rulesVersion,
      diagnostics: configuration.apply(to: findings).sortedBySource())
  }

  /// The report over `files`, failing at the configured threshold.
  public func report(_ files: [FileReport]) -> LintReport {
    LintReport(files: files, failureThreshold: configuration.failureThreshold)
  }
}
