import RulesEvaluator

/// The messages read but not yet handled, in order, where `$/cancelRequest` takes effect.
///
/// A cancellation that names a request still queued turns it into a `RequestCancelled`
/// (-32800) error answer; one that names a request already handled (or unknown) does
/// nothing, since every request this server answers finishes quickly. Cancellations are
/// consumed here and never queued.
public struct MessageQueue: Sendable {
  private var entries: [RPCMessage] = []
  private var head = 0
  /// Where each queued request is, so a cancellation costs O(1).
  private var positions: [RequestID: Int] = [:]

  public init() {}

  public var isEmpty: Bool { head == entries.count }

  public mutating func enqueue(_ message: RPCMessage) {
    if case .notification("$/cancelRequest", let params) = message {
      guard let id = params?["id"].flatMap(RequestID.init) else { return }
      if let position = positions.removeValue(forKey: id), position >= head {
        entries[position] = .invalid(id: id, error: .requestCancelled)
      }
      return
    }
    if case .request(let id, _, _) = message { positions[id] = entries.count }
    entries.append(message)
  }

  /// The oldest message, removed; nil when the queue is empty.
  public mutating func dequeue() -> RPCMessage? {
    guard head < entries.count else { return nil }
    let message = entries[head]
    if case .request(let id, _, _) = message, positions[id] == head { positions[id] = nil }
    head += 1
    if head == entries.count {
      entries.removeAll(keepingCapacity: true)
      positions.removeAll(keepingCapacity: true)
      head = 0
    }
    return message
  }
}
