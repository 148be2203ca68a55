/// The runtime types of the rules language, as named by `is`.
public enum ValueType: String, Sendable, Hashable, CaseIterable {
  case null, bool, int, float, string, bytes, list, map, set, mapDiff = "mapdiff", path
  case timestamp, duration, latlng

  /// The names `x is T` accepts, mapped to what they test (`number` is int or float).
  /// The names `is` accepts, as Firebase's compiler lists them; `null` is not one (`x == null`
  /// tests for null), and nothing in Storage rules is a `constraint` or a `vector`.
  public static let typeTestNames: [String: Set<ValueType>] = [
    "bool": [.bool], "int": [.int], "float": [.float], "number": [.int, .float],
    "string": [.string], "bytes": [.bytes], "list": [.list], "map": [.map], "set": [.set],
    "path": [.path], "timestamp": [.timestamp], "duration": [.duration], "latlng": [.latlng],
    "map_diff": [.mapDiff], "constraint": [], "vector": [],
  ]

  /// The article-and-name used in messages ("an int", "a string").
  var spoken: String {
    switch self {
    case .int: "an int"
    case .mapDiff: "a MapDiff"
    default: "a \(rawValue)"
    }
  }
}

/// A map whose fields rulescheck knows: `request`, `resource` and their parts.
public enum RecordShape: String, Sendable, Hashable {
  case request, auth, token, storedObject, uploadedObject, firestoreDocument

  /// Whether fields beyond the known ones may exist (custom token claims may).
  var isOpen: Bool { self == .token }

  /// How the record is named in messages.
  var spoken: String {
    switch self {
    case .request: "request"
    case .auth: "request.auth"
    case .token: "request.auth.token"
    case .storedObject: "resource"
    case .uploadedObject: "request.resource"
    case .firestoreDocument: "a Firestore document"
    }
  }
}

/// What the checker knows statically about an expression's value.
public indirect enum StaticType: Sendable, Hashable {
  /// Nothing is known.
  case unknown
  case value(ValueType)
  /// An int or a float.
  case number
  /// A map with documented fields; `nullable` when it may also be null.
  case record(RecordShape, nullable: Bool)
  /// A namespace such as `math`; only its functions may be used.
  case namespace(String)

  public static let bool = StaticType.value(.bool)
  public static let int = StaticType.value(.int)
  public static let float = StaticType.value(.float)
  public static let string = StaticType.value(.string)

  /// The single runtime type, when known exactly (records are maps).
  var exactType: ValueType? {
    switch self {
    case .value(let type): type
    case .record(_, nullable: false): .map
    default: nil
    }
  }

  /// Whether the value is known to be a number.
  var isNumeric: Bool {
    switch self {
    case .number, .value(.int), .value(.float): true
    default: false
    }
  }

  /// Whether every value of this type behaves as a map for fields and methods.
  var isMapLike: Bool {
    switch self {
    case .value(.map), .record: true
    default: false
    }
  }

  var spoken: String {
    switch self {
    case .unknown: "a value"
    case .value(let type): type.spoken
    case .number: "a number"
    case .record: "a map"
    case .namespace(let name): "the \(name) namespace"
    }
  }
}
