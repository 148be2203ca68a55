import RulesSyntax

/// What a built-in function's parameter accepts.
public enum ParameterType: Sendable, Hashable {
  case any
  case oneOf(Set<ValueType>)

  static let number = ParameterType.oneOf([.int, .float])
  static func just(_ type: ValueType) -> ParameterType { .oneOf([type]) }

  func accepts(_ type: StaticType) -> Bool {
    guard case .oneOf(let allowed) = self else { return true }
    switch type {
    case .unknown: return true
    case .number: return allowed.contains(.int) || allowed.contains(.float)
    case .record(_, let nullable): return allowed.contains(.map) || (nullable && allowed.contains(.null))
    case .namespace: return false
    case .value(let value): return allowed.contains(value)
    }
  }

  var spoken: String {
    switch self {
    case .any: return "any value"
    case .oneOf(let types):
      return types.map(\.rawValue).sorted().joined(separator: " or ")
    }
  }
}

/// The signature of a built-in function or method: its parameters and what it returns
/// (declared by ``BuiltinFunctionID/signature`` and ``BuiltinMethodID/signatures``).
public struct BuiltinFunction: Sendable {
  public let name: String
  public let parameters: [ParameterType]
  public let returns: StaticType

  init(_ name: String, _ parameters: [ParameterType] = [], _ returns: StaticType) {
    self.name = name
    self.parameters = parameters
    self.returns = returns
  }
}

/// The names Storage rules provide: global variables, namespaces, functions, methods per type
/// and the fields of `request` and `resource` (rules-language.md §6–7, decisions.md §11, §20).
/// The function and method tables are derived from ``BuiltinFunctionID`` and
/// ``BuiltinMethodID``, which the evaluator switches over.
public enum BuiltinCatalogue {
  /// Global variables and namespaces.
  public static let globals: [String: StaticType] = [
    "request": .record(.request, nullable: false),
    "resource": .record(.storedObject, nullable: true),
    "math": .namespace("math"), "timestamp": .namespace("timestamp"),
    "duration": .namespace("duration"), "latlng": .namespace("latlng"),
    "hashing": .namespace("hashing"), "firestore": .namespace("firestore"),
  ]

  /// ``globals`` by ``RulesSyntax/NameKey``, for the checker's look-up of every identifier.
  static let globalTable = KeyedTable(globals)

  /// Global functions, by name.
  public static let globalFunctions: [String: BuiltinFunction] = index(
    BuiltinFunctionID.allCases.filter { $0.namespace == nil })

  /// Names the reference pages document but production rejects, with the advice to give.
  public static let unavailableFunctions: [String: String] = [
    "bool": "production rules have no bool() function; compare the string instead (s == 'true')",
    "math.isInfinite": "production rejects math.isInfinite(); compare with a bound instead",
  ]

  /// Functions of each namespace, by namespace and name.
  public static let namespaceFunctions: [String: [String: BuiltinFunction]] =
    Dictionary(grouping: BuiltinFunctionID.allCases.filter { $0.namespace != nil }) { $0.namespace ?? "" }
    .mapValues(index)

  /// Methods by receiver type, then name. Records use the map methods.
  public static let methods: [ValueType: [String: BuiltinFunction]] = BuiltinMethodID.allCases.reduce(
    into: [:]
  ) { table, method in
    for (receiver, signature) in method.signatures {
      table[receiver, default: [:]][method.rawValue] = signature
    }
  }

  /// Every method name of any type, for receivers of unknown type.
  public static let allMethodNames: Set<String> = Set(methods.values.flatMap(\.keys))

  /// What a method returns whatever its receiver, for the method names whose every
  /// overload returns the same type.
  static let methodReturnsByName: [String: StaticType] = {
    var returns: [String: Set<StaticType>] = [:]
    for table in methods.values {
      for (name, method) in table { returns[name, default: []].insert(method.returns) }
    }
    return returns.compactMapValues { $0.count == 1 ? $0.first : nil }
  }()

  /// The documented fields of each record and their types.
  public static func fields(of shape: RecordShape) -> [String: StaticType] {
    switch shape {
    case .request: requestFields
    case .auth: authFields
    case .token: tokenFields
    case .storedObject: storedObjectFields
    case .uploadedObject: objectFields
    case .firestoreDocument: firestoreDocumentFields
    }
  }

  /// ``fields(of:)`` by ``RulesSyntax/NameKey``, for the checker's look-up at every member
  /// access.
  static func fieldTable(of shape: RecordShape) -> KeyedTable<NameKey, StaticType> {
    switch shape {
    case .request: requestFieldTable
    case .auth: authFieldTable
    case .token: tokenFieldTable
    case .storedObject: storedObjectFieldTable
    case .uploadedObject: objectFieldTable
    case .firestoreDocument: firestoreDocumentFieldTable
    }
  }

  private static let requestFieldTable = KeyedTable(requestFields)
  private static let authFieldTable = KeyedTable(authFields)
  private static let tokenFieldTable = KeyedTable(tokenFields)
  private static let storedObjectFieldTable = KeyedTable(storedObjectFields)
  private static let objectFieldTable = KeyedTable(objectFields)
  private static let firestoreDocumentFieldTable = KeyedTable(firestoreDocumentFields)

  // One table per record, built once: the checker looks fields up at every member access.
  private static let requestFields: [String: StaticType] = [
    "auth": .record(.auth, nullable: true), "path": .value(.path), "time": .value(.timestamp),
    "resource": .record(.uploadedObject, nullable: true), "params": .value(.map),
    "method": .string,
  ]
  private static let authFields: [String: StaticType] = [
    "uid": .string, "token": .record(.token, nullable: false),
  ]
  private static let tokenFields: [String: StaticType] = [
    "email": .string, "email_verified": .bool, "phone_number": .string, "name": .string,
    "sub": .string, "firebase": .value(.map),
  ]
  private static let storedObjectFields: [String: StaticType] = objectFields.merging([
    "timeCreated": .value(.timestamp), "updated": .value(.timestamp),
  ]) { a, _ in a }
  private static let firestoreDocumentFields: [String: StaticType] = [
    "data": .value(.map), "id": .string, "__name__": .value(.path),
  ]

  /// The 15 keys every object's metadata has (decisions.md §11); stored objects add two.
  private static let objectFields: [String: StaticType] = [
    "name": .string, "bucket": .string, "generation": .unknown, "metageneration": .unknown,
    "etag": .unknown, "size": .int, "md5Hash": .unknown, "crc32c": .unknown,
    "contentDisposition": .string, "contentEncoding": .string, "contentLanguage": .unknown,
    "contentType": .string, "metadata": .unknown, "cacheControl": .unknown, "storageClass": .unknown,
  ]

  private static func index(_ functions: [BuiltinFunctionID]) -> [String: BuiltinFunction] {
    Dictionary(uniqueKeysWithValues: functions.map { ($0.name, $0.signature) })
  }
}
