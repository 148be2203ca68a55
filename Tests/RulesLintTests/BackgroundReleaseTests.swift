import Synchronization
import Testing

@testable import RulesLint

/// ``BackgroundRelease`` frees what it is given once the caller's own references are gone.
@Suite struct BackgroundReleaseTests {
  final class Counter: Sendable {
    let value = Mutex(0)
  }

  /// Counts its instances that were freed.
  final class Tracked: Sendable {
    let counter: Counter
    init(_ counter: Counter) { self.counter = counter }
    deinit { counter.value.withLock { $0 += 1 } }
  }

  @Test func freesOnceTheCallerDropsItsReference() async throws {
    let counter = Counter()
    do {
      let tracked = Tracked(counter)
      BackgroundRelease.release(tracked)
      withExtendedLifetime(tracked) {}
    }
    // Freed on the other thread or here, whichever drops the last reference; waited for with a
    // generous bound (a busy machine may run the queue late), never timed.
    for _ in 0..<3_000 where counter.value.withLock({ $0 }) == 0 {
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    #expect(counter.value.withLock { $0 } == 1)
  }
}
