/// Encodes `Encodable` values into a ``JSONValue`` that keeps each object's keys in the order
/// `encode(to:)` wrote them (declaration order for synthesised conformances).
///
/// Optionals encoded with `encodeIfPresent` (the synthesised default) are left out when nil.
/// Non-finite floating-point numbers cannot be encoded.
public struct JSONValueEncoder: Sendable {
  public init() {}

  public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let node = EncodingNode()
    try value.encode(to: NodeEncoder(node: node, path: nil))
    return node.value
  }
}

/// The mutable tree an encoding builds; containers share nodes by reference.
///
/// Members and elements are stored in place, so adding one costs O(1) amortised whatever the
/// container already holds (a key written again is found by a scan in small objects and by a
/// dictionary in large ones).
final class EncodingNode {
  private enum Kind {
    case unset
    case scalar(JSONValue)
    case object
    case array
  }

  private var kind = Kind.unset
  /// An object's members in the order their keys were first written.
  private var members: [(key: String, node: EncodingNode)] = []
  /// Positions in `members` by key, once an object has more members than a scan should cover.
  private var positions: [String: Int]?
  private var elements: [EncodingNode] = []

  var value: JSONValue {
    switch kind {
    case .unset: .object([])
    case .scalar(let value): value
    case .object: .object(members.map { JSONValue.Member($0.key, $0.node.value) })
    case .array: .array(elements.map(\.value))
    }
  }

  var count: Int {
    if case .array = kind { return elements.count }
    return 0
  }

  func set(_ value: JSONValue) {
    reset()
    kind = .scalar(value)
  }

  func makeObject() {
    if case .object = kind { return }
    reset()
    kind = .object
  }

  func makeArray() {
    if case .array = kind { return }
    reset()
    kind = .array
  }

  /// A fresh node for `key`; writing a key twice keeps its first position and the last value.
  func member(_ key: String) -> EncodingNode {
    makeObject()
    let child = EncodingNode()
    if let position = positions?[key] ?? (positions == nil ? members.firstIndex { $0.key == key } : nil) {
      members[position].node = child
      return child
    }
    members.append((key, child))
    if positions != nil {
      positions?[key] = members.count - 1
    } else if members.count > 16 {
      positions = Dictionary(
        members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
    return child
  }

  /// A fresh node appended to this array.
  func appendElement() -> EncodingNode {
    makeArray()
    let child = EncodingNode()
    elements.append(child)
    return child
  }

  private func reset() {
    members = []
    positions = nil
    elements = []
  }
}

/// The `Encoder` that writes into one node.
struct NodeEncoder: Encoder {
  let node: EncodingNode
  let path: CodingPathLink?
  var codingPath: [any CodingKey] { CodingPathLink.keys(path) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, path: path))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedNodeContainer(node: node, path: path)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(node: node, path: path)
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

/// A coding path as a list from the innermost key outwards: each nested encoder adds one link
/// instead of copying its parent's array; the array is built only when asked for.
final class CodingPathLink {
  let key: any CodingKey
  let parent: CodingPathLink?

  init(_ key: any CodingKey, parent: CodingPathLink?) {
    self.key = key
    self.parent = parent
  }

  /// The keys from the outermost to `link`.
  static func keys(_ link: CodingPathLink?) -> [any CodingKey] {
    var keys: [any CodingKey] = []
    var current = link
    while let next = current {
      keys.append(next.key)
      current = next.parent
    }
    return keys.reversed()
  }
}
