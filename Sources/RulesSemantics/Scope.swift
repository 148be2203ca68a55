import RulesSyntax

/// What a name in scope refers to.
enum Symbol: Sendable {
  case wildcard(isRecursive: Bool, range: SourceRange)
  case parameter(function: Int, index: Int)
  case letBinding(function: Int, index: Int, type: StaticType)
}

/// One lexical scope: the file, the service, a match block, or a function body.
struct Scope: Sendable {
  var parent: Int?
  var variables: [String: Symbol] = [:]
  /// Functions declared directly in this scope, by name → function index.
  var functions: [String: Int] = [:]
}

/// A function declaration with where it is declared and what analysis learned about it.
struct FunctionRecord: Sendable {
  let declaration: FunctionDeclaration
  /// The scope the function is declared in (not its body's scope).
  let declaringScope: Int
  var bodyScope = 0
  var callCount = 0
  /// Functions this one calls, by index, with the range of the first call.
  var callees: [Int: SourceRange] = [:]
  var usedParameters: Set<Int> = []
  var returnType: StaticType = .unknown
  var isChecked = false
}
