import RulesSemantics

/// How types are written in hovers and completion details.
enum TypeText {
  /// `any`, `int`, `number`, `map`, `map or null`.
  static func show(_ type: StaticType) -> String {
    switch type {
    case .unknown: "any"
    case .value(let value): value.rawValue
    case .number: "number"
    case .record(_, let nullable): nullable ? "map or null" : "map"
    case .namespace(let name): "\(name) namespace"
    }
  }

  /// A parameter: `any`, `string`, `int | float`.
  static func show(_ parameter: ParameterType) -> String {
    switch parameter {
    case .any: "any"
    case .oneOf(let types): types.map(\.rawValue).sorted().joined(separator: " | ")
    }
  }

  /// The runtime type every value of `type` has, when there is one (records are maps).
  static func exact(_ type: StaticType) -> ValueType? {
    switch type {
    case .value(let value): value
    case .record: .map
    default: nil
    }
  }
}
