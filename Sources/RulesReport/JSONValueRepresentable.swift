/// An `Encodable` value that can give its ``JSONValue`` directly, which ``JSONValueEncoder``
/// takes instead of calling `encode(to:)`: for the values a large report holds thousands of,
/// where the generic encoding path dominated rendering.
///
/// Contract: `jsonValue` is exactly what the synthesised `encode(to:)` would produce (keys in
/// declaration order, nil optionals left out).
protocol JSONValueRepresentable: Encodable {
  var jsonValue: JSONValue { get }
}

extension JSONValue {
  /// An object of the members whose values are present, in order.
  static func object(present members: [(String, JSONValue?)]) -> JSONValue {
    .object(members.compactMap { key, value in value.map { Member(key, $0) } })
  }

  /// An integer.
  static func integer(_ value: Int) -> JSONValue { .number(String(value)) }
}
