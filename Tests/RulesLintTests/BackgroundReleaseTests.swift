import Foundation
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

  /// Waiting for the queue returns once what it was handed is freed: the benchmark's way to
  /// time one lint without the previous one's freeing beside it.
  @Test func waitingReturnsOnceEverythingHandedOverIsFreed() async {
    let counter = Counter()
    let waited = await Self.onThreadOfItsOwn {
      for _ in 0..<8 { BackgroundRelease.release(Tracked(counter)) }
      LintRunner.waitForBackgroundFreeing()
      return counter.value.withLock { $0 }
    }
    #expect(waited == 8)
  }

  /// What the caller consumed is freed on the queue while the caller's scope is still open: the
  /// caller holds no reference. The caller is a thread of its own, never one the queue runs on
  /// (on Linux the queue's threads are also Swift concurrency's, where this test runs).
  @Test func theQueueFreesWhatTheCallerConsumed() async throws {
    let counter = Counter()
    let freedOn = Freer()
    let (caller, freedInScope) = await Self.onThreadOfItsOwn {
      Self.handOffAndWait(Tracked(counter, freedOn: freedOn), until: 1, counter)
    }
    #expect(freedInScope)
    #expect(counter.value.withLock { $0 } == 1)
    let freer = try #require(freedOn.thread.withLock { $0 })
    #expect(pthread_equal(freer, caller) == 0)
  }

  /// A value holding references (as ``RulesSemantics/CheckedRuleset`` holds its syntax tree)
  /// is freed on the queue as a reference is, once the caller consumed its copy.
  @Test func theQueueFreesAValueTheCallerConsumed() async throws {
    let counter = Counter()
    let freedOn = Freer()
    let (caller, freedInScope) = await Self.onThreadOfItsOwn {
      Self.handOffAndWait(
        Holder(parts: [Tracked(counter, freedOn: freedOn), Tracked(counter)]), until: 2, counter)
    }
    #expect(freedInScope)
    #expect(counter.value.withLock { $0 } == 2)
    let freer = try #require(freedOn.thread.withLock { $0 })
    #expect(pthread_equal(freer, caller) == 0)
  }

  struct Holder: Sendable {
    let parts: [Tracked]
  }

  /// Runs `body` on a new thread and returns what it returns.
  private static func onThreadOfItsOwn<Result: Sendable>(
    _ body: @escaping @Sendable () -> Result
  ) async -> Result {
    await withCheckedContinuation { (done: CheckedContinuation<Result, Never>) in
      Thread.detachNewThread { done.resume(returning: body()) }
    }
  }

  /// Hands `holder` off, then waits in scope (polling, up to 30 s: a busy machine may run the
  /// queue late, and this is never timed) until `counter` reaches `freed`; returns this thread
  /// and whether it did.
  private static func handOffAndWait(
    _ holder: consuming Holder, until freed: Int, _ counter: Counter
  ) -> (pthread_t, Bool) {
    BackgroundRelease.release(consume holder)
    return (pthread_self(), waitFor(freed, counter))
  }

  /// ``handOffAndWait(_:until:_:)`` of one reference.
  private static func handOffAndWait(
    _ tracked: consuming Tracked, until freed: Int, _ counter: Counter
  ) -> (pthread_t, Bool) {
    BackgroundRelease.release(consume tracked)
    return (pthread_self(), waitFor(freed, counter))
  }

  private static func waitFor(_ freed: Int, _ counter: Counter) -> Bool {
    for _ in 0..<3_000 where counter.value.withLock({ $0 }) < freed { usleep(10_000) }
    return counter.value.withLock { $0 } >= freed
  }
}
