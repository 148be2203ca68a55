/// A built-in's name as rules spell it; its description is that spelling.
public protocol BuiltinName: RawRepresentable<String>, CaseIterable, Hashable, Sendable,
  CustomStringConvertible
{}

extension BuiltinName {
  public var description: String { rawValue }
}

/// A built-in function: a global such as `int`, or a member of a namespace such as `math.abs`.
///
/// This is the one list of the functions Storage rules provide. The checker takes each one's
/// parameters and result from ``signature``, and the evaluator switches over the same cases,
/// so neither can know a function the other lacks. Names the reference pages document but
/// production rejects (`bool`, `math.isInfinite`; decisions.md §20) have no case.
public enum BuiltinFunctionID: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  case global(Global)
  case math(Math)
  case timestamp(Timestamp)
  case duration(Duration)
  case latlng(LatLng)
  case hashing(Hashing)
  case firestore(Firestore)

  public enum Global: String, BuiltinName { case int, float, string, path, debug }
  public enum Math: String, BuiltinName { case abs, ceil, floor, round, sqrt, pow, isNaN }
  public enum Timestamp: String, BuiltinName { case date, value }
  public enum Duration: String, BuiltinName { case value, time, abs }
  public enum LatLng: String, BuiltinName { case value }
  public enum Hashing: String, BuiltinName { case crc32, crc32c, md5, sha256 }
  public enum Firestore: String, BuiltinName { case get, exists }

  public static let allCases: [BuiltinFunctionID] =
    Global.allCases.map(global) + Math.allCases.map(math) + Timestamp.allCases.map(timestamp)
    + Duration.allCases.map(duration) + LatLng.allCases.map(latlng) + Hashing.allCases.map(hashing)
    + Firestore.allCases.map(firestore)

  /// The built-in called `name` (in `namespace`, when given), if there is one.
  public init?(namespace: String?, name: String) {
    let found: BuiltinFunctionID?
    switch namespace {
    case nil: found = Global(rawValue: name).map(Self.global)
    case "math": found = Math(rawValue: name).map(Self.math)
    case "timestamp": found = Timestamp(rawValue: name).map(Self.timestamp)
    case "duration": found = Duration(rawValue: name).map(Self.duration)
    case "latlng": found = LatLng(rawValue: name).map(Self.latlng)
    case "hashing": found = Hashing(rawValue: name).map(Self.hashing)
    case "firestore": found = Firestore(rawValue: name).map(Self.firestore)
    default: found = nil
    }
    guard let found else { return nil }
    self = found
  }

  /// The namespace, such as `math`; nil for a global function.
  public var namespace: String? {
    switch self {
    case .global: nil
    case .math: "math"
    case .timestamp: "timestamp"
    case .duration: "duration"
    case .latlng: "latlng"
    case .hashing: "hashing"
    case .firestore: "firestore"
    }
  }

  /// The name within the namespace: `abs` for `math.abs`.
  public var name: String {
    switch self {
    case .global(let name): name.rawValue
    case .math(let name): name.rawValue
    case .timestamp(let name): name.rawValue
    case .duration(let name): name.rawValue
    case .latlng(let name): name.rawValue
    case .hashing(let name): name.rawValue
    case .firestore(let name): name.rawValue
    }
  }

  /// The qualified name: `int`, `math.abs`.
  public var description: String { namespace.map { "\($0).\(name)" } ?? name }

  /// The parameters and result the checker checks calls against (rules-language.md §6).
  public var signature: BuiltinFunction {
    let number = ParameterType.number
    let int = ParameterType.just(.int)
    switch self {
    case .global(.int): return signature([.oneOf([.string, .float, .int])], .int)
    case .global(.float): return signature([.oneOf([.string, .int, .float])], .float)
    case .global(.string): return signature([.any], .string)
    case .global(.path): return signature([.just(.string)], .value(.path))
    case .global(.debug): return signature([.any], .unknown)
    case .math(.abs): return signature([number], .number)
    case .math(.ceil), .math(.floor), .math(.sqrt): return signature([number], .float)
    case .math(.round): return signature([number], .int)
    case .math(.pow): return signature([number, number], .float)
    case .math(.isNaN): return signature([number], .bool)
    case .timestamp(.date): return signature([int, int, int], .value(.timestamp))
    case .timestamp(.value): return signature([.oneOf([.int, .string])], .value(.timestamp))
    case .duration(.value): return signature([int, .just(.string)], .value(.duration))
    case .duration(.time): return signature([int, int, int, int], .value(.duration))
    case .duration(.abs): return signature([.just(.duration)], .value(.duration))
    case .latlng(.value): return signature([number, number], .value(.latlng))
    case .hashing: return signature([.oneOf([.string, .bytes])], .value(.bytes))
    case .firestore(.get): return signature([.just(.path)], .record(.firestoreDocument, nullable: true))
    case .firestore(.exists): return signature([.just(.path)], .bool)
    }
  }

  private func signature(_ parameters: [ParameterType], _ returns: StaticType) -> BuiltinFunction {
    BuiltinFunction(name, parameters, returns)
  }
}
