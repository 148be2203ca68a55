// The three container kinds of `NodeEncoder`. Keyed and unkeyed containers route every
// primitive through `Encodable.encode(to:)`, which lands in `SingleNodeContainer`.

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: EncodingNode
  let path: CodingPathLink?
  var codingPath: [any CodingKey] { CodingPathLink.keys(path) }

  private func encoder(for key: Key) -> NodeEncoder {
    NodeEncoder(node: node.member(key.stringValue), path: CodingPathLink(key, parent: path))
  }

  mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).set(.null) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    if let direct = value as? any JSONValueRepresentable {
      node.member(key.stringValue).set(direct.jsonValue)
      return
    }
    try value.encode(to: encoder(for: key))
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: String, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try value.encode(to: encoder(for: key)) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder(for: key).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder(for: key).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.member("super"), path: path)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder { encoder(for: key) }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let node: EncodingNode
  let path: CodingPathLink?
  var codingPath: [any CodingKey] { CodingPathLink.keys(path) }
  var count: Int { node.count }

  private func nextEncoder() -> NodeEncoder {
    let index = node.count
    return NodeEncoder(node: node.appendElement(), path: CodingPathLink(IndexKey(index), parent: path))
  }

  mutating func encodeNil() throws { node.appendElement().set(.null) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    let encoder = nextEncoder()
    if let direct = value as? any JSONValueRepresentable {
      encoder.node.set(direct.jsonValue)
      return
    }
    try value.encode(to: encoder)
  }
  mutating func encode(_ value: Bool) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: String) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: Double) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: Float) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: Int) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: Int8) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: Int16) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: Int32) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: Int64) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: UInt) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: UInt8) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: UInt16) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: UInt32) throws { try value.encode(to: nextEncoder()) }
  mutating func encode(_ value: UInt64) throws { try value.encode(to: nextEncoder()) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    nextEncoder().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    nextEncoder().unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { nextEncoder() }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
  let node: EncodingNode
  let path: CodingPathLink?
  var codingPath: [any CodingKey] { CodingPathLink.keys(path) }

  mutating func encodeNil() throws { node.set(.null) }
  mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
  mutating func encode(_ value: String) throws { node.set(.string(value)) }
  mutating func encode(_ value: Double) throws { try encodeFloatingPoint(value) }
  mutating func encode(_ value: Float) throws { try encodeFloatingPoint(value) }
  mutating func encode(_ value: Int) throws { node.set(.number(String(value))) }
  mutating func encode(_ value: Int8) throws { node.set(.number(String(value))) }
  mutating func encode(_ value: Int16) throws { node.set(.number(String(value))) }
  mutating func encode(_ value: Int32) throws { node.set(.number(String(value))) }
  mutating func encode(_ value: Int64) throws { node.set(.number(String(value))) }
  mutating func encode(_ value: UInt) throws { node.set(.number(String(value))) }
  mutating func encode(_ value: UInt8) throws { node.set(.number(String(value))) }
  mutating func encode(_ value: UInt16) throws { node.set(.number(String(value))) }
  mutating func encode(_ value: UInt32) throws { node.set(.number(String(value))) }
  mutating func encode(_ value: UInt64) throws { node.set(.number(String(value))) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try value.encode(to: NodeEncoder(node: node, path: path))
  }

  private func encodeFloatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F
  ) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "\(value) is not valid JSON"))
    }
    let spelling =
      value == value.rounded() && abs(value) < 1e15
      ? String(Int64(value)) : String(value)
    node.set(.number(spelling))
  }
}
