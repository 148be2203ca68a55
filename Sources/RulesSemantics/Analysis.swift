import RulesRegex
import RulesSyntax

/// The state of one semantic analysis run; the checks live in extensions, one area per file.
struct Analysis {
  let file: RulesFile
  var version: RulesVersion = .v1
  var versionDeclaration: VersionDeclaration?
  /// The `service firebase.storage` declaration, else the first service.
  var service: ServiceDeclaration?
  /// Every service by name, for duplicates.
  var services: [String: ServiceDeclaration] = [:]
  /// The name of the service being walked.
  var currentService: String?
  var matches: [ResolvedMatch] = []
  var diagnostics: [Diagnostic] = []
  var scopes: [Scope] = [Scope(parent: nil)]
  var functions: [FunctionRecord] = []
  /// Allow conditions to type-check once every scope is built: (condition, scope).
  var pendingConditions: [(Expression, Int)] = []
  var usedLets: Set<LetKey> = []
  var resolution = NameResolution()
  /// For each scope created for a match block, that block's index in `matches`.
  var matchOfScope: [Int: Int] = [:]
  /// Whether the v1 `read`-does-not-list note was given (once per file).
  var reportedVersionOneRead = false
  /// Segments of the full paths resolved so far (``AnalysisLimits/maximumResolvedPathSegments``).
  var resolvedPathSegments = 0
  var pathBudgetReached = false
  /// Candidate names compared for suggestions so far (``AnalysisLimits/maximumSuggestionCandidates``).
  var suggestionCandidates = 0
  var suggestionBudgetReached = false
  /// What compiling each pattern literal gave (nil: it compiled), so a pattern written many
  /// times is compiled once.
  var regexFailures: [PatternKey: RegexError?] = [:]

  let budgets: AnalysisBudgets

  init(file: RulesFile, budgets: AnalysisBudgets = AnalysisBudgets()) {
    self.file = file
    self.budgets = budgets
  }

  mutating func run() {
    if file.source.bytes.count > RulesLimits.maximumSourceBytes {
      report(
        SemanticDiagnostics.sourceTooLarge,
        "source is \(file.source.bytes.count) bytes; Firebase accepts at most \(RulesLimits.maximumSourceBytes) (256 KiB)",
        at: .empty(at: 0))
    }
    checkVersion()
    walkBody(file.statements, context: .file, scope: 0, enclosing: nil, prefix: [])
    if service == nil && !file.hasSyntaxErrors {
      report(
        SemanticDiagnostics.missingService,
        "no 'service firebase.storage' declaration; the file grants nothing",
        at: .empty(at: 0))
    }
    checkFunctionBodies()
    for (condition, scope) in pendingConditions { checkCondition(condition, scope: scope) }
    checkUnusedFunctions()
    checkRecursion()
  }

  mutating func report(
    _ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [],
    fixes: [Fix] = []
  ) {
    diagnostics.append(Diagnostic(id, message, at: range, notes: notes, fixes: fixes))
  }

  func text(_ range: SourceRange) -> String { file.source.text(range) }

  // MARK: Scope lookup

  /// `scope` and its enclosing scopes, innermost first.
  func scopeChain(from scope: Int) -> UnfoldSequence<Int, (Int?, Bool)> {
    // Captures the scope table only: a closure over `self` would copy the whole analysis.
    let scopes = self.scopes
    return sequence(first: scope) { scopes[$0].parent }
  }

  /// The variable `name` as seen from `scope`.
  func lookupVariable(_ name: String, from scope: Int) -> Symbol? {
    lookupVariable(NameKey(name), from: scope)
  }

  /// The variable `key` names as seen from `scope`.
  func lookupVariable(_ key: NameKey, from scope: Int) -> Symbol? {
    var current: Int? = scope
    while let index = current {
      if let symbol = scopes[index].variables[key] { return symbol }
      current = scopes[index].parent
    }
    return nil
  }

  /// The user function `name` as seen from `scope`.
  func lookupFunction(_ name: String, from scope: Int) -> Int? {
    let key = NameKey(name)
    var current: Int? = scope
    while let index = current {
      if let function = scopes[index].functions[key] { return function }
      current = scopes[index].parent
    }
    return nil
  }

  /// Every variable name visible from `scope`, for suggestions.
  func visibleVariables(from scope: Int) -> Set<String> {
    scopeChain(from: scope).reduce(into: Set(BuiltinCatalogue.globals.keys)) {
      $0.formUnion(scopes[$1].variables.names)
    }
  }

  /// Every function name visible from `scope`, for suggestions.
  func visibleFunctions(from scope: Int) -> Set<String> {
    scopeChain(from: scope).reduce(into: Set(BuiltinCatalogue.globalFunctions.keys)) {
      $0.formUnion(scopes[$1].functions.names)
    }
  }

  /// The match block whose scope is `scope` or encloses it most closely.
  func declaringMatch(of scope: Int) -> Int? {
    var current: Int? = scope
    while let index = current {
      if let match = matchOfScope[index] { return match }
      current = scopes[index].parent
    }
    return nil
  }

  mutating func newScope(parent: Int) -> Int {
    scopes.append(Scope(parent: parent))
    return scopes.count - 1
  }
}
