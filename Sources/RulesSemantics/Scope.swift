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
  var variables = ScopeNames<Symbol>()
  /// Functions declared directly in this scope, by name → function index.
  var functions = ScopeNames<Int>()
}

/// The names one scope declares, looked up by ``RulesSyntax/NameKey`` so that a lookup along a
/// scope chain hashes the name once. No table until the first name: most scopes declare none.
struct ScopeNames<Value: Sendable>: Sendable {
  private var table: KeyedTable<NameKey, Value>?

  subscript(key: NameKey) -> Value? {
    get { table?[key] }
    set {
      if table == nil {
        guard newValue != nil else { return }
        table = KeyedTable()
      }
      table![key] = newValue
    }
  }

  subscript(name: String) -> Value? {
    get { self[NameKey(name)] }
    set { self[NameKey(name)] = newValue }
  }

  /// How many names have a value.
  var count: Int { table?.count ?? 0 }

  /// The names with a value, in the order they were declared.
  var names: [String] { table.map { $0.map(\.key.name) } ?? [] }
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
