import RulesSyntax

/// A match block with its full pattern: the segments of every enclosing match, then its own.
public struct ResolvedMatch: Sendable {
  public let block: MatchBlock
  public let fullPattern: [PathSegment]
  /// The index of the enclosing match in ``CheckedRuleset/matches``, if any.
  public let parent: Int?
  /// How many matches enclose this one.
  public let depth: Int
  /// The name of the service the match is declared in; nil outside any service.
  public let service: String?

  /// Whether the match applies to Cloud Storage requests: it sits in `service firebase.storage`.
  public var appliesToStorage: Bool { service == "firebase.storage" }
}

/// A rules file after semantic analysis: its version, its resolved structure and every
/// diagnostic (syntax and semantic) in source order.
public struct CheckedRuleset: Sendable {
  public let file: RulesFile
  /// The version the file is evaluated with (1 when it declares none).
  public let version: RulesVersion
  /// The version declaration, if the file has one.
  public let versionDeclaration: VersionDeclaration?
  /// The `service firebase.storage` declaration, if present.
  public let service: ServiceDeclaration?
  /// Every match block inside the service, parents before children.
  public let matches: [ResolvedMatch]
  /// Syntax and semantic diagnostics, in source order.
  public let diagnostics: [Diagnostic]
  /// Every user function, indexed as ``NameResolution`` and ``ResolvedName`` refer to them.
  public let functions: [ResolvedFunction]
  /// What each identifier and call refers to.
  public let resolution: NameResolution

  public var source: SourceFile { file.source }

  /// True when any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// The compile errors: the diagnostics that make Firebase refuse to deploy the file
  /// (decisions.md §21).
  public var deployErrors: [Diagnostic] { diagnostics.filter(\.blocksDeploy) }

  /// Whether Firebase would refuse to deploy the file.
  public var blocksDeploy: Bool { diagnostics.contains(where: \.blocksDeploy) }

  /// The findings that do not stop a deploy: the file runs as production runs it, and these
  /// are shown beside its decisions.
  public var deployableFindings: [Diagnostic] { diagnostics.filter { !$0.blocksDeploy } }
}

/// Runs every semantic check over a parsed file.
public enum SemanticAnalyzer {
  /// - Parameter budgets: the analysis budgets (``AnalysisLimits``); smaller ones only to test
  ///   what happens when they run out.
  public static func analyze(
    _ file: RulesFile, budgets: AnalysisBudgets = AnalysisBudgets()
  ) -> CheckedRuleset {
    var analysis = Analysis(file: file, budgets: budgets)
    analysis.run()
    return CheckedRuleset(
      file: file, version: analysis.version, versionDeclaration: analysis.versionDeclaration,
      service: analysis.service, matches: analysis.matches,
      diagnostics: (file.diagnostics + analysis.diagnostics).sortedBySource(),
      functions: analysis.functions.map { record in
        ResolvedFunction(
          declaration: record.declaration, declaringMatch: analysis.declaringMatch(of: record.declaringScope))
      },
      resolution: analysis.resolution)
  }

  /// Parses and analyses `source`.
  public static func analyze(_ source: SourceFile) -> CheckedRuleset {
    analyze(RulesParser.parse(source))
  }
}
