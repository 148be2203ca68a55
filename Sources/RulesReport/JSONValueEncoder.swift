/// Encodes `Encodable` values into a ``JSONValue`` that keeps each object's keys in the order
/// `encode(to:)` wrote them (declaration order for synthesised conformances).
///
/// Optionals encoded with `encodeIfPresent` (the synthesised default) are left out when nil.
/// Non-finite floating-point numbers cannot be encoded.
public struct JSONValueEncoder: Sendable {
  public init() {}

  public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let node = EncodingNode()
    try value.encode(to: NodeEncoder(node: node, codingPath: []))
    return node.value
  }
}

/// The mutable tree an encoding builds; containers share nodes by reference.
final class EncodingNode {
  private enum Content {
    case unset
    case scalar(JSONValue)
    case object(keys: [String], members: [String: EncodingNode])
    case array([EncodingNode])
  }

  private var content = Content.unset

  var value: JSONValue {
    switch content {
    case .unset: .object([])
    case .scalar(let value): value
    case .object(let keys, let members):
      .object(keys.compactMap { key in members[key].map { JSONValue.Member(key, $0.value) } })
    case .array(let elements): .array(elements.map(\.value))
    }
  }

  var count: Int {
    if case .array(let elements) = content { return elements.count }
    return 0
  }

  func set(_ value: JSONValue) { content = .scalar(value) }

  func makeObject() {
    if case .object = content { return }
    content = .object(keys: [], members: [:])
  }

  func makeArray() {
    if case .array = content { return }
    content = .array([])
  }

  /// A fresh node for `key`; writing a key twice keeps its first position and the last value.
  func member(_ key: String) -> EncodingNode {
    makeObject()
    guard case .object(var keys, var members) = content else { return EncodingNode() }
    let child = EncodingNode()
    if members[key] == nil { keys.append(key) }
    members[key] = child
    content = .object(keys: keys, members: members)
    return child
  }

  /// A fresh node appended to this array.
  func appendElement() -> EncodingNode {
    makeArray()
    guard case .array(var elements) = content else { return EncodingNode() }
    let child = EncodingNode()
    elements.append(child)
    content = .array(elements)
    return child
  }
}

/// The `Encoder` that writes into one node.
struct NodeEncoder: Encoder {
  let node: EncodingNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedNodeContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(node: node, codingPath: codingPath)
  }
}

/// A key for positions in arrays, used only in coding paths.
struct IndexKey: CodingKey {
  var intValue: Int?
  var stringValue: String { intValue.map(String.init) ?? "" }

  init(_ index: Int) { self.intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}
