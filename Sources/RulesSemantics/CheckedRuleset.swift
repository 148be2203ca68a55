import RulesSyntax

/// A rules file after semantic analysis: its version, its resolved structure and every
/// diagnostic (syntax and semantic) in source order.
public struct CheckedRuleset: Sendable {
  public let file: RulesFile
  /// The version the file is evaluated with (1 when it declares none).
  public let version: RulesVersion
  /// Syntax and semantic diagnostics, in source order.
  public let diagnostics: [Diagnostic]

  public init(file: RulesFile, version: RulesVersion, diagnostics: [Diagnostic]) {
    self.file = file
    self.version = version
    self.diagnostics = diagnostics
  }

  public var source: SourceFile { file.source }

  /// True when any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Runs every semantic check over a parsed file.
public enum SemanticAnalyzer {
  public static func analyze(_ file: RulesFile) -> CheckedRuleset {
    CheckedRuleset(file: file, version: .v1, diagnostics: file.diagnostics)
  }

  /// Parses and analyses `source`.
  public static func analyze(_ source: SourceFile) -> CheckedRuleset {
    analyze(RulesParser.parse(source))
  }
}
