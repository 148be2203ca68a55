import Foundation
import RulesSemantics
import RulesSyntax

/// Lints rules files: reads them, analyses them, runs the lint catalogue, applies suppression
/// comments, resolves severities and builds the report.
public struct LintRunner: Sendable {
  public var configuration: LintConfiguration
  public var reader: SourceReader
  /// The lint rules that may run; configuration decides which do.
  public var catalogue: RuleCatalogue
  /// The time date-dependent rules (RC304) judge against.
  public var now: Date

  public init(
    configuration: LintConfiguration = LintConfiguration(), reader: SourceReader = SourceReader(),
    catalogue: RuleCatalogue = .standard, now: Date = Date()
  ) {
    self.configuration = configuration
    self.reader = reader
    self.catalogue = catalogue
    self.now = now
  }

  /// Reads and lints `inputs`; a file named twice is linted once. Throws when a file cannot
  /// be read or is not UTF-8, before anything is linted.
  public func run(_ inputs: [LintInput]) throws(LintError) -> LintReport {
    let sources = try reader.read(inputs.uniqued())
    return report(sources.map(lint))
  }

  /// Reads and lints `inputs`, each with the configuration file `discovery` finds for it
  /// (files it excludes are skipped). Throws on a bad configuration file or an unreadable
  /// input, before anything is linted.
  public func run(_ inputs: [LintInput], discovery: ConfigurationDiscovery) throws(LintError) -> LintReport {
    report(try plan(inputs, discovery: discovery).map { $0.runner.lint($0.source) })
  }

  /// The files to lint, read, each with the runner configured for it; excluded files are
  /// left out.
  public func plan(_ inputs: [LintInput], discovery: ConfigurationDiscovery) throws(LintError) -> [LintTask] {
    var loaded: [String: ConfigurationFile] = [:]
    var planned: [(runner: LintRunner, input: LintInput)] = []
    for input in inputs.uniqued() {
      var runner = self
      if let file = try discovery.configuration(for: input, loaded: &loaded) {
        if file.excludes(input.fileURL) { continue }
        runner.configuration = file.configuration(commandLineStrict: configuration.strict)
      }
      planned.append((runner, input))
    }
    var tasks: [LintTask] = []
    for (runner, input) in planned {
      tasks.append(LintTask(runner: runner, input: input, source: try reader.read(input)))
    }
    return tasks
  }

  /// Lints one source.
  public func lint(_ source: SourceFile) -> FileReport {
    lint(SemanticAnalyzer.analyze(source))
  }

  /// The report for an analysed file: the analyzer's findings and, for a storage rules file
  /// that parsed cleanly, the catalogue's, less those turned off or suppressed, with
  /// severities resolved by ``configuration``.
  public func lint(_ ruleset: CheckedRuleset) -> FileReport {
    var findings = ruleset.diagnostics
    // A file that does not parse, or a Firestore rules file, gets no catalogue findings: they
    // would only repeat the errors already reported. A byte order mark parses fine.
    let parses = !ruleset.file.diagnostics.contains {
      $0.severity == .error && $0.id != SyntaxDiagnostics.byteOrderMark
    }
    // With every catalogue rule turned off the facts the rules share are not built at all.
    if parses && ruleset.service?.name.name != "cloud.firestore"
      && catalogue.rules.contains(where: { configuration.isEnabled($0.descriptor) })
    {
      findings += catalogue.check(ruleset, now: now, isEnabled: configuration.isEnabled)
    }
    let suppression = SuppressionPass(
      file: ruleset.file, lookup: identity(of:),
      isActive: { id in
        catalogue.descriptor(id.code).map(configuration.isEnabled) ?? configuration.isActive(id)
      })
    findings = suppression.apply(to: findings.filter { configuration.isActive($0.id) })
    return fileReport(ruleset.source, rulesVersion: ruleset.version, findings: findings)
  }

  /// The report for `source` given everything found in it: severities resolved by
  /// ``configuration`` (dropping those turned off), in source order.
  public func fileReport(
    _ source: SourceFile, rulesVersion: RulesVersion, findings: [Diagnostic]
  ) -> FileReport {
    FileReport(
      path: source.path, source: source, rulesVersion: rulesVersion,
      diagnostics: configuration.apply(to: findings).sortedBySource(),
      failureThreshold: configuration.failureThreshold)
  }

  /// The report over `files`, failing at the configured threshold.
  public func report(_ files: [FileReport]) -> LintReport {
    LintReport(
      files: files, failureThreshold: configuration.failureThreshold,
      failsOnDeployErrorsOnly: configuration.failsOnDeployErrorsOnly)
  }

  /// The identity a code or name refers to: a catalogue rule or a semantic diagnostic.
  public func identity(of key: String) -> DiagnosticID? {
    if let descriptor = catalogue.descriptor(key) { return descriptor.id }
    return SemanticDiagnostics.all.first { $0.code == key.uppercased() || $0.name == key }
  }
}
