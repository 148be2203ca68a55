import RulesSyntax

/// Semantic analysis diagnostics: identities, alphabetised by member name.
///
/// Codes: RS1xx structure and versions, RS2xx names, RS3xx types and regular expressions;
/// RS19x rulescheck's own analysis budgets (``AnalysisLimits``).
/// Only what Firebase's compiler refuses blocks a deploy (decisions.md §21); `docs/diagnostics.md`'s
/// table gives the compiler's message for each. Every other finding deploys and
/// runs, failing at evaluation with production's wording where it fails at all.
public enum SemanticDiagnostics {
  public static let analysisBudget = DiagnosticID(
    code: "RS190", name: "analysis-budget", defaultSeverity: .note)
  public static let analysisLimit = DiagnosticID(
    code: "RS191", name: "analysis-limit", defaultSeverity: .error, blocksDeploy: true)
  public static let deprecatedSyntaxKeyword = DiagnosticID(
    code: "RS103", name: "deprecated-syntax-keyword", defaultSeverity: .warning, blocksDeploy: true)
  public static let duplicateFunction = DiagnosticID(
    code: "RS114", name: "duplicate-function", defaultSeverity: .error, blocksDeploy: true)
  public static let duplicateParameter = DiagnosticID(
    code: "RS121", name: "duplicate-parameter", defaultSeverity: .error, blocksDeploy: true)
  public static let duplicateRulesVersion = DiagnosticID(
    code: "RS123", name: "duplicate-rules-version", defaultSeverity: .error, blocksDeploy: true)
  public static let duplicateWildcard = DiagnosticID(
    code: "RS107", name: "duplicate-wildcard", defaultSeverity: .error, blocksDeploy: true)
  public static let emptyMatch = DiagnosticID(
    code: "RS118", name: "empty-match", defaultSeverity: .error, blocksDeploy: true)
  public static let emptyService = DiagnosticID(
    code: "RS127", name: "empty-service", defaultSeverity: .error, blocksDeploy: true)
  public static let globWithChildren = DiagnosticID(
    code: "RS126", name: "glob-with-children", defaultSeverity: .warning)
  public static let globNotLast = DiagnosticID(
    code: "RS105", name: "glob-not-last", defaultSeverity: .error, blocksDeploy: true)
  public static let importUnsupported = DiagnosticID(
    code: "RS120", name: "import-unsupported", defaultSeverity: .error, blocksDeploy: true)
  public static let invalidFunctionBody = DiagnosticID(
    code: "RS110", name: "invalid-function-body", defaultSeverity: .error, blocksDeploy: true)
  public static let invalidRegex = DiagnosticID(
    code: "RS303", name: "invalid-regex", defaultSeverity: .error, blocksDeploy: true)
  public static let invalidReplacePattern = DiagnosticID(
    code: "RS306", name: "invalid-replace-pattern", defaultSeverity: .error)
  public static let invalidRulesVersion = DiagnosticID(
    code: "RS100", name: "invalid-rules-version", defaultSeverity: .error, blocksDeploy: true)
  public static let letRequiresVersion2 = DiagnosticID(
    code: "RS108", name: "let-requires-version-2", defaultSeverity: .error, blocksDeploy: true)
  public static let listRequiresVersion2 = DiagnosticID(
    code: "RS109", name: "list-requires-version-2", defaultSeverity: .warning)
  public static let misplacedStatement = DiagnosticID(
    code: "RS115", name: "misplaced-statement", defaultSeverity: .error, blocksDeploy: true)
  public static let missingService = DiagnosticID(
    code: "RS119", name: "missing-service", defaultSeverity: .error, blocksDeploy: true)
  public static let multipleRecursiveWildcards = DiagnosticID(
    code: "RS106", name: "multiple-recursive-wildcards", defaultSeverity: .error, blocksDeploy: true)
  public static let multipleServices = DiagnosticID(
    code: "RS116", name: "multiple-services", defaultSeverity: .error, blocksDeploy: true)
  public static let packageName = DiagnosticID(
    code: "RS125", name: "package-name", defaultSeverity: .error, blocksDeploy: true)
  public static let nonBooleanCondition = DiagnosticID(
    code: "RS302", name: "non-boolean-condition", defaultSeverity: .error)
  public static let recursiveFunction = DiagnosticID(
    code: "RS113", name: "recursive-function", defaultSeverity: .error, blocksDeploy: true)
  public static let reservedName = DiagnosticID(
    code: "RS122", name: "reserved-name", defaultSeverity: .warning)
  public static let rulesVersionNotFirst = DiagnosticID(
    code: "RS102", name: "rules-version-not-first", defaultSeverity: .warning, blocksDeploy: true)
  public static let sourceTooLarge = DiagnosticID(
    code: "RS117", name: "source-too-large", defaultSeverity: .error, blocksDeploy: true)
  public static let tooManyLets = DiagnosticID(
    code: "RS112", name: "too-many-lets", defaultSeverity: .error, blocksDeploy: true)
  public static let tooManyParameters = DiagnosticID(
    code: "RS111", name: "too-many-parameters", defaultSeverity: .error, blocksDeploy: true)
  public static let typeMismatch = DiagnosticID(
    code: "RS301", name: "type-mismatch", defaultSeverity: .error)
  public static let unknownField = DiagnosticID(
    code: "RS204", name: "unknown-field", defaultSeverity: .error)
  public static let unknownFunction = DiagnosticID(
    code: "RS202", name: "unknown-function", defaultSeverity: .warning)
  public static let unknownMethod = DiagnosticID(
    code: "RS101", name: "unknown-method", defaultSeverity: .error)
  public static let unknownMemberFunction = DiagnosticID(
    code: "RS208", name: "unknown-member-function", defaultSeverity: .error)
  public static let unknownTypeName = DiagnosticID(
    code: "RS305", name: "unknown-type-name", defaultSeverity: .error, blocksDeploy: true)
  public static let unknownVariable = DiagnosticID(
    code: "RS201", name: "unknown-variable", defaultSeverity: .warning)
  public static let unsupportedRegex = DiagnosticID(
    code: "RS304", name: "unsupported-regex", defaultSeverity: .error, blocksDeploy: true)
  public static let unusedFunction = DiagnosticID(
    code: "RS205", name: "unused-function", defaultSeverity: .warning)
  public static let unusedParameter = DiagnosticID(
    code: "RS207", name: "unused-parameter", defaultSeverity: .warning)
  public static let unusedVariable = DiagnosticID(
    code: "RS206", name: "unused-variable", defaultSeverity: .warning)
  public static let wrongArity = DiagnosticID(
    code: "RS203", name: "wrong-arity", defaultSeverity: .error)
  public static let wildcardRebound = DiagnosticID(
    code: "RS124", name: "wildcard-rebound", defaultSeverity: .warning)
  public static let wrongService = DiagnosticID(
    code: "RS104", name: "wrong-service", defaultSeverity: .error)

  /// Every identity semantic analysis can produce, in code order.
  public static let all: [DiagnosticID] = [
    invalidRulesVersion, unknownMethod, rulesVersionNotFirst, deprecatedSyntaxKeyword, wrongService,
    globNotLast, multipleRecursiveWildcards, duplicateWildcard, letRequiresVersion2,
    listRequiresVersion2, invalidFunctionBody, tooManyParameters, tooManyLets, recursiveFunction,
    duplicateFunction, misplacedStatement, multipleServices, sourceTooLarge, emptyMatch,
    missingService, importUnsupported, duplicateParameter, reservedName, duplicateRulesVersion,
    wildcardRebound, packageName, globWithChildren, emptyService,
    unknownVariable, unknownFunction, wrongArity, unknownField, unusedFunction, unusedVariable,
    unusedParameter, unknownMemberFunction, typeMismatch, nonBooleanCondition, invalidRegex,
    unsupportedRegex, unknownTypeName, invalidReplacePattern, analysisBudget, analysisLimit,
  ]
}

/// Firebase's own message texts, quoted where rulescheck reports the same problem.
public enum FirebaseMessages {
  /// The production refusal of `list` under version 1 (two lines).
  public static let versionOneList =
    "Listing objects in a bucket is disallowed for rules_version = \"1\".\n"
    + "Please update storage security rules to rules_version = \"2\" to use list."
  public static let globNotLast =
    "Invalid glob match expression. Glob matches are permitted as the last segment in a match declaration path."

  public static func invalidVariable(_ name: String) -> String { "Invalid variable name: \(name)." }
  public static func invalidFunction(_ name: String) -> String { "Invalid function name: \(name)." }
  public static func unusedFunction(_ name: String) -> String { "Unused function: \(name)." }
  public static func unusedVariable(_ name: String) -> String { "Unused variable: \(name)." }
  public static func invalidMethod(_ name: String) -> String { "Invalid method name: \(name)." }
  public static func packageAsVariable(_ name: String) -> String {
    "\(name) is a package and cannot be used as variable name."
  }
  public static let onlyOneGlob =
    "Invalid glob match expression. Only one glob match is permitted in a match declaration path."
  public static let globWithChildren = "Glob(**) resource rules should not have child resource rules."
  public static let emptyMatch = "The 'match' body must contain at least one declaration."
  public static let emptyService = "The 'service' body must contain at least one declaration."
  public static func duplicateWildcard(_ name: String) -> String {
    "Variable \(name) already exists in the PathTemplate."
  }
  public static func duplicateFunction(_ name: String) -> String { "Function \(name) is already defined." }
  public static let recursiveCall = "Recursive call is not allowed."
  public static let letInVersionOne = "Let bindings are not allowed in rules_version=\"1\";"
  public static func tooManyArguments(_ name: String) -> String {
    "Maximum allowed function arguments of 7 for function \(name) is reached."
  }
  public static let tooManyLets =
    "Maximum allowed variable count of 10 for a given function has been reached."
  public static let duplicateService = "Duplicate service name declaration."
}

/// Limits Firebase enforces on rules source.
public enum RulesLimits {
  /// Ruleset source size, in UTF-8 bytes.
  public static let maximumSourceBytes = 256 * 1024
  public static let maximumParameters = 7
  /// The documented limit of `let` bindings per function; the compiler refuses a function from
  /// ``compilerMaximumLets`` + 1 on (recorded: 11 compile, 12 do not).
  public static let maximumLets = 10
  public static let compilerMaximumLets = 11
  public static let maximumCallDepth = 20
  /// Variable names Firebase reserves for its packages; a wildcard, parameter or `let` so named
  /// is a compile error.
  public static let packageNames: Set<String> = ["math", "timestamp", "duration", "latlng", "hashing"]
}
