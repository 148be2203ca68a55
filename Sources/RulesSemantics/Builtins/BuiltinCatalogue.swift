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

/// A built-in function or method: its parameters and what it returns.
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
public enum BuiltinCatalogue {
  /// Global variables and namespaces.
  public static let globals: [String: StaticType] = [
    "request": .record(.request, nullable: false),
    "resource": .record(.storedObject, nullable: true),
    "math": .namespace("math"), "timestamp": .namespace("timestamp"),
    "duration": .namespace("duration"), "latlng": .namespace("latlng"),
    "hashing": .namespace("hashing"), "firestore": .namespace("firestore"),
  ]

  /// Global functions.
  public static let globalFunctions: [String: BuiltinFunction] = index([
    BuiltinFunction("int", [.oneOf([.string, .float, .int])], .int),
    BuiltinFunction("float", [.oneOf([.string, .int, .float])], .float),
    BuiltinFunction("string", [.any], .string),
    BuiltinFunction("path", [.just(.string)], .value(.path)),
    BuiltinFunction("debug", [.any], .unknown),
  ])

  /// Names the reference pages document but production rejects, with the advice to give.
  public static let unavailableFunctions: [String: String] = [
    "bool": "production rules have no bool() function; compare the string instead (s == 'true')",
    "math.isInfinite": "production rejects math.isInfinite(); compare with a bound instead",
  ]

  /// Functions of each namespace.
  public static let namespaceFunctions: [String: [String: BuiltinFunction]] = [
    "math": index([
      BuiltinFunction("abs", [.number], .number), BuiltinFunction("ceil", [.number], .float),
      BuiltinFunction("floor", [.number], .float), BuiltinFunction("round", [.number], .int),
      BuiltinFunction("sqrt", [.number], .float),
      BuiltinFunction("pow", [.number, .number], .float),
      BuiltinFunction("isNaN", [.number], .bool),
    ]),
    "timestamp": index([
      BuiltinFunction("date", [.just(.int), .just(.int), .just(.int)], .value(.timestamp)),
      BuiltinFunction("value", [.just(.int)], .value(.timestamp)),
    ]),
    "duration": index([
      BuiltinFunction("value", [.number, .just(.string)], .value(.duration)),
      BuiltinFunction(
        "time", [.just(.int), .just(.int), .just(.int), .just(.int)], .value(.duration)),
      BuiltinFunction("abs", [.just(.duration)], .value(.duration)),
    ]),
    "latlng": index([BuiltinFunction("value", [.number, .number], .value(.latlng))]),
    "hashing": index(
      ["crc32", "crc32c", "md5", "sha256"].map {
        BuiltinFunction($0, [.oneOf([.string, .bytes])], .value(.bytes))
      }),
    "firestore": index([
      BuiltinFunction("get", [.just(.path)], .record(.firestoreDocument, nullable: true)),
      BuiltinFunction("exists", [.just(.path)], .bool),
    ]),
  ]

  /// Methods by receiver type. Records use the map methods.
  public static let methods: [ValueType: [String: BuiltinFunction]] = [
    .string: index([
      BuiltinFunction("size", [], .int), BuiltinFunction("lower", [], .string),
      BuiltinFunction("upper", [], .string), BuiltinFunction("trim", [], .string),
      BuiltinFunction("matches", [.just(.string)], .bool),
      BuiltinFunction("replace", [.just(.string), .just(.string)], .string),
      BuiltinFunction("split", [.just(.string)], .value(.list)),
      BuiltinFunction("toUtf8", [], .value(.bytes)),
    ]),
    .bytes: index([
      BuiltinFunction("size", [], .int), BuiltinFunction("toBase64", [], .string),
      BuiltinFunction("toHexString", [], .string),
    ]),
    .list: index([
      BuiltinFunction("concat", [.just(.list)], .value(.list)),
      BuiltinFunction("hasAll", [.just(.list)], .bool),
      BuiltinFunction("hasAny", [.just(.list)], .bool),
      BuiltinFunction("hasOnly", [.just(.list)], .bool),
      BuiltinFunction("join", [.just(.string)], .string),
      BuiltinFunction("removeAll", [.just(.list)], .value(.list)),
      BuiltinFunction("size", [], .int), BuiltinFunction("toSet", [], .value(.set)),
    ]),
    .map: index([
      BuiltinFunction("diff", [.just(.map)], .value(.mapDiff)),
      BuiltinFunction("get", [.any, .any], .unknown),
      BuiltinFunction("keys", [], .value(.list)), BuiltinFunction("values", [], .value(.list)),
      BuiltinFunction("size", [], .int),
    ]),
    .set: index([
      BuiltinFunction("difference", [.just(.set)], .value(.set)),
      BuiltinFunction("intersection", [.just(.set)], .value(.set)),
      BuiltinFunction("union", [.just(.set)], .value(.set)),
      BuiltinFunction("hasAll", [.oneOf([.list, .set])], .bool),
      BuiltinFunction("hasAny", [.oneOf([.list, .set])], .bool),
      BuiltinFunction("hasOnly", [.oneOf([.list, .set])], .bool),
      BuiltinFunction("size", [], .int),
    ]),
    .mapDiff: index(
      ["addedKeys", "removedKeys", "changedKeys", "unchangedKeys", "affectedKeys"].map {
        BuiltinFunction($0, [], .value(.set))
      }),
    .path: index([BuiltinFunction("bind", [.just(.map)], .value(.path))]),
    .timestamp: index(
      ["year", "month", "day", "hours", "minutes", "seconds", "nanos", "dayOfWeek", "dayOfYear", "toMillis"]
        .map { BuiltinFunction($0, [], .int) } + [
          BuiltinFunction("date", [], .value(.timestamp)),
          BuiltinFunction("time", [], .value(.duration)),
        ]),
    .duration: index([BuiltinFunction("seconds", [], .int), BuiltinFunction("nanos", [], .int)]),
    .latlng: index([
      BuiltinFunction("latitude", [], .float), BuiltinFunction("longitude", [], .float),
      BuiltinFunction("distance", [.just(.latlng)], .float),
    ]),
  ]

  /// Every method name of any type, for receivers of unknown type.
  public static let allMethodNames: Set<String> = Set(methods.values.flatMap(\.keys))

  /// The documented fields of each record and their types.
  public static func fields(of shape: RecordShape) -> [String: StaticType] {
    switch shape {
    case .request:
      [
        "auth": .record(.auth, nullable: true), "path": .value(.path), "time": .value(.timestamp),
        "resource": .record(.uploadedObject, nullable: true), "params": .value(.map),
        "method": .string,
      ]
    case .auth: ["uid": .string, "token": .record(.token, nullable: false)]
    case .token:
      [
        "email": .string, "email_verified": .bool, "phone_number": .string, "name": .string,
        "sub": .string, "firebase": .value(.map),
      ]
    case .storedObject:
      objectFields.merging(["timeCreated": .value(.timestamp), "updated": .value(.timestamp)]) { a, _ in a }
    case .uploadedObject: objectFields
    case .firestoreDocument: ["data": .value(.map), "id": .string, "__name__": .value(.path)]
    }
  }

  /// The 15 keys every object's metadata has (decisions.md §11); stored objects add two.
  private static let objectFields: [String: StaticType] = [
    "name": .string, "bucket": .string, "generation": .unknown, "metageneration": .unknown,
    "etag": .unknown, "size": .int, "md5Hash": .unknown, "crc32c": .unknown,
    "contentDisposition": .string, "contentEncoding": .string, "contentLanguage": .unknown,
    "contentType": .string, "metadata": .unknown, "cacheControl": .unknown, "storageClass": .unknown,
  ]

  private static func index(_ functions: [BuiltinFunction]) -> [String: BuiltinFunction] {
    Dictionary(functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }
}
