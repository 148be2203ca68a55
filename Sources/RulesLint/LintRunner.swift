import Foundation
import RulesSemantics
import RulesSyntax

/// Lints rules files already read: analyses them, runs the lint catalogue, applies suppression
/// comments, resolves severities and builds the report. Reading files, finding their
/// configuration and linting many at once is `RulesLintFrontend`'s `LintFrontend`.
public struct LintRunner: Sendable {
  public var configuration: LintConfiguration
  /// The lint rules that may run; configuration decides which do.
  public var catalogue: RuleCatalogue
  /// The time date-dependent rules (RC304) judge against.
  public var now: Date
  /// Whether one file's evaluator-backed facts are decided on a second thread while its other
  /// rules run (``RuleCatalogue/check(_:isEnabled:concurrentFacts:)``): the same findings,
  /// sooner on a machine with a core to spare. `LintFrontend` turns it off when it lints
  /// several files at once, which keeps every core busy already.
  public var concurrentFacts = true

  public init(
    configuration: LintConfiguration = LintConfiguration(), catalogue: RuleCatalogue = .standard,
    now: Date = Date()
  ) {
    self.configuration = configuration
    self.catalogue = catalogue
    self.now = now
  }

  /// Returns once everything lints so far handed to another thread to free
  /// (``concurrentFacts``) is freed: for a benchmark that times each lint on its own, as each
  /// `rulescheck lint` runs in a new process, not beside the previous one's freeing.
  public static func waitForBackgroundFreeing() {
    BackgroundRelease.waitUntilDropped()
  }

  /// Lints one source.
  public func lint(_ source: SourceFile) -> FileReport {
    let checked = SemanticAnalyzer.analyze(source)
    let report = lint(checked)
    // The report keeps the source, not the syntax tree: with a core to spare the tree is freed
    // there, as the catalogue frees its context, while the caller goes on.
    if concurrentFacts { BackgroundRelease.release(consume checked) }
    return report
  }

  /// The report for an analysed file: the analyzer's findings and, for a storage rules file,
  /// the catalogue's on the parts that parsed soundly (all of a file without syntax errors),
  /// less those turned off or suppressed, with severities resolved by ``configuration``.
  public func lint(_ ruleset: CheckedRuleset) -> FileReport {
    var findings = ruleset.diagnostics
    // A Firestore rules file gets no catalogue findings. A file with syntax errors gets those
    // of the parts that parsed soundly (``ParsedParts``); a byte order mark parses fine.
    let errors = ruleset.file.diagnostics.filter {
      $0.severity == .error && $0.id != SyntaxDiagnostics.byteOrderMark
    }.map(\.range)
    let parts = errors.isEmpty ? nil : ParsedParts(ruleset, errors: errors)
    // With every catalogue rule turned off the facts the rules share are not built at all.
    if ruleset.service?.name.name != "cloud.firestore"
      && catalogue.rules.contains(where: { configuration.isEnabled($0.descriptor) })
    {
      if let parts {
        let sound = SemanticAnalyzer.analyze(parts.file)
        findings += catalogue.check(
          sound, now: now, isEnabled: configuration.isEnabled, concurrentFacts: concurrentFacts
        ).filter {
          parts.keeps($0, in: ruleset.source)
        }
      } else {
        findings += catalogue.check(
          ruleset, now: now, isEnabled: configuration.isEnabled, concurrentFacts: concurrentFacts)
      }
    }
    let suppression = SuppressionPass(
      file: ruleset.file, lookup: identity(of:),
      isActive: { id in
        catalogue.descriptor(id.code).map(configuration.isEnabled) ?? configuration.isActive(id)
      })
    findings = suppression.apply(to: findings.filter { configuration.isActive($0.id) })
    findings = withoutRepeatedVersionOneRead(findings, in: ruleset.source)
    if let parts {
      findings = findings.filter { $0.id != SuppressionPass.unusedID || parts.keeps($0, in: ruleset.source) }
    }
    return fileReport(ruleset.source, rulesVersion: ruleset.version, findings: findings)
  }

  /// `findings` without RS109's note on `read` when RC300 reports the same fact for the file
  /// (no `rules_version`, so version 1: `read` grants `get` only). RC300 is kept because it
  /// carries the fix; RS109 still reports each `allow list`, which grants nothing, and speaks
  /// for `read` when RC300 is off, suppressed or silent (an explicit `rules_version = '1'`).
  func withoutRepeatedVersionOneRead(_ findings: [Diagnostic], in source: SourceFile) -> [Diagnostic] {
    let missingVersion = MissingRulesVersion.descriptor.id
    guard findings.contains(where: { $0.id == missingVersion }) else { return findings }
    return findings.filter { finding in
      finding.id != SemanticDiagnostics.listRequiresVersion2 || source.text(finding.range) != "read"
    }
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
