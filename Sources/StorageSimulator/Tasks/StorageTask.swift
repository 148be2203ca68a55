import Foundation
import Synchronization

/// An operation that runs on the storage's callback queue after the call that made it
/// returns, as the SDK's tasks run after `enqueue()`: observers added right after the call see
/// every event. The base of ``StorageObservableTask``.
///
/// Thread-safe: the state sits behind a lock (`@unchecked` only because the class can be
/// subclassed, as in the SDK).
public class StorageTask: @unchecked Sendable {
  /// What a finished operation produced: the uploaded object's metadata, downloaded bytes, and
  /// the byte count progress reports.
  struct Outcome: Sendable {
    var metadata: StorageMetadata?
    var data: Data?
    var bytes: Int64

    init(metadata: StorageMetadata? = nil, data: Data? = nil, bytes: Int64) {
      self.metadata = metadata
      self.data = data
      self.bytes = bytes
    }
  }

  enum Phase: Sendable {
    case queued, paused, running, succeeded, failed
  }

  /// The task's state and observers.
  struct Core: Sendable {
    var phase = Phase.queued
    /// Whether the resume and the progress events have happened.
    var started = false
    var progressed = false
    var completed: Int64 = 0
    var total: Int64
    var outcome: Outcome?
    var error: StorageError?
    var observers:
      [StorageTaskStatus: [(handle: String, handler: Unchecked<(StorageTaskSnapshot) -> Void>)]] = [:]
  }

  let reference: StorageReference
  let core: Mutex<Core>
  private let operation: @Sendable () -> Result<Outcome, StorageError>

  init(
    reference: StorageReference, total: Int64,
    operation: @escaping @Sendable () -> Result<Outcome, StorageError>
  ) {
    self.reference = reference
    self.core = Mutex(Core(total: total))
    self.operation = operation
  }

  /// The task now: its status, progress, and metadata or error.
  public var snapshot: StorageTaskSnapshot {
    core.withLock { core in
      let status: StorageTaskStatus =
        switch core.phase {
        case .queued, .running: .resume
        case .paused: .pause
        case .succeeded: .success
        case .failed: .failure
        }
      return makeSnapshot(core, status: status)
    }
  }

  func makeSnapshot(_ core: Core, status: StorageTaskStatus) -> StorageTaskSnapshot {
    StorageTaskSnapshot(
      task: self, status: status, completed: core.completed, total: core.total,
      metadata: core.outcome?.metadata, error: core.error.map { $0 as NSError })
  }

  /// Observers to call and what to call them with: collected under the lock together with
  /// the change of state, so that an observer added meanwhile is called once, by `observe`.
  struct Delivery: Sendable {
    let observers: [(handle: String, handler: Unchecked<(StorageTaskSnapshot) -> Void>)]
    let snapshot: StorageTaskSnapshot

    func call() {
      for observer in observers { observer.handler.value(snapshot) }
    }
  }

  func delivery(_ core: Core, _ status: StorageTaskStatus) -> Delivery {
    Delivery(observers: core.observers[status] ?? [], snapshot: makeSnapshot(core, status: status))
  }

  /// Runs the operation on the callback queue, unless paused or cancelled by then.
  func start() {
    let task = Unchecked(value: self)
    reference.storage.callbackQueue.async { task.value.run() }
  }

  /// Runs the operation and calls the observers, here: on the callback queue.
  private func run() {
    let resume = core.withLock { core -> Delivery? in
      guard core.phase == .queued else { return nil }
      core.phase = .running
      core.started = true
      return delivery(core, .resume)
    }
    guard let resume else { return }
    resume.call()
    switch operation() {
    case .success(let outcome):
      core.withLock { core in
        core.total = outcome.bytes
        core.completed = outcome.bytes
        core.outcome = outcome
        core.progressed = true
        return delivery(core, .progress)
      }.call()
      core.withLock { core in
        core.phase = .succeeded
        return delivery(core, .success)
      }.call()
    case .failure(let error):
      core.withLock { core in
        core.error = error
        core.phase = .failed
        return delivery(core, .failure)
      }.call()
    }
  }

  /// Calls `delivery`'s observers later, on the callback queue.
  func callLater(_ delivery: Delivery?) {
    guard let delivery else { return }
    reference.storage.callbackQueue.async { delivery.call() }
  }
}
