import Glibc
import Synchronization
import Testing

@testable import RulesLint

/// ``BackgroundRelease`` frees what it is given once the caller's own references are gone.
@Suite struct BackgroundReleaseTests {
  final class Counter: Sendable {
    let value = Mutex(0)
  }

  /// The thread that freed a ``Tracked``.
  final class Freer: Sendable {
    let thread = Mutex<pthread_t?>(nil)
  }

  /// Counts its instances that were freed, and says on which thread the last one was.
  final class Tracked: Sendable {
    let counter: Counter
    let freedOn: Freer?
    init(_ counter: Counter, freedOn: Freer? = nil) {
      self.counter = counter
      self.freedOn = freedOn
    }
    deinit {
      freedOn?.thread.withLock { $0 = pthread_self() }
      counter.value.withLock { $0 += 1 }
    }
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

  /// What the caller consumed is freed on the queue, even when the queue runs before the
  /// caller's scope ends (the sleep below gives it time to): the caller holds no reference.
  @Test func theQueueFreesWhatTheCallerConsumed() async throws {
    let counter = Counter()
    let freedOn = Freer()
    let caller = Self.handOffAndWait(Tracked(counter, freedOn: freedOn))
    for _ in 0..<3_000 where counter.value.withLock({ $0 }) == 0 {
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    #expect(counter.value.withLock { $0 } == 1)
    let freer = try #require(freedOn.thread.withLock { $0 })
    #expect(pthread_equal(freer, caller) == 0)
  }

  /// A value holding references (as ``RulesSemantics/CheckedRuleset`` holds its syntax tree)
  /// is freed on the queue as a reference is, once the caller consumed its copy.
  @Test func theQueueFreesAValueTheCallerConsumed() async throws {
    let counter = Counter()
    let freedOn = Freer()
    let caller = Self.handOffAndWait(Holder(parts: [Tracked(counter, freedOn: freedOn), Tracked(counter)]))
    for _ in 0..<3_000 where counter.value.withLock({ $0 }) < 2 {
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    #expect(counter.value.withLock { $0 } == 2)
    let freer = try #require(freedOn.thread.withLock { $0 })
    #expect(pthread_equal(freer, caller) == 0)
  }

  struct Holder: Sendable {
    let parts: [Tracked]
  }

  private static func handOffAndWait(_ holder: consuming Holder) -> pthread_t {
    BackgroundRelease.release(consume holder)
    usleep(50_000)
    return pthread_self()
  }

  /// Hands `tracked` off, then sleeps on this thread before returning; returns this thread.
  private static func handOffAndWait(_ tracked: consuming Tracked) -> pthread_t {
    BackgroundRelease.release(consume tracked)
    usleep(50_000)
    return pthread_self()
  }
}
