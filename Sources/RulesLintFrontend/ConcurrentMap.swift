import Dispatch
import Synchronization

extension Array where Element: Sendable {
  /// `map(transform)`, with the elements transformed at the same time on every core (as many
  /// at once as `DispatchQueue.concurrentPerform` runs); the results keep the elements' order.
  ///
  /// For independent pieces of work that each take long enough to be worth a thread, such as
  /// linting one file.
  public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
    guard count > 1 else { return map(transform) }
    let results = Mutex<[T?]>(Array<T?>(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let value = transform(self[index])
      results.withLock { $0[index] = value }
    }
    return results.withLock { $0.compactMap { $0 } }
  }
}
