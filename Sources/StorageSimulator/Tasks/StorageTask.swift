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
      metadata: core.outcome?.metadata, error: core.error)
  }

  /// Runs the operation on the callback queue, unless paused or cancelled by then.
  func start() {
    let task = Unchecked(value: self)
    reference.storage.callbackQueue.async { task.value.run() }
  }

  private func run() {
    let starts = core.withLock { core in
      guard core.phase == .queued else { return false }
      core.phase = .running
      return true
    }
    guard starts else { return }
    fire(.resume)
    switch operation() {
    case .success(let outcome):
      core.withLock { core in
        core.total = outcome.bytes
        core.completed = outcome.bytes
        core.outcome = outcome
      }
      fire(.progress)
      core.withLock { $0.phase = .succeeded }
      fire(.success)
    case .failure(let error):
      core.withLock { core in
        core.error = error
        core.phase = .failed
      }
      fire(.failure)
    }
  }

  /// Calls the observers of `status`, here: on the callback queue.
  func fire(_ status: StorageTaskStatus) {
    let (observers, snapshot) = core.withLock { core in
      (core.observers[status] ?? [], makeSnapshot(core, status: status))
    }
    for observer in observers { observer.handler.value(snapshot) }
  }

  /// Calls the observers of `status` later, on the callback queue.
  func fireLater(_ status: StorageTaskStatus) {
    let task = Unchecked(value: self)
    reference.storage.callbackQueue.async { task.value.fire(status) }
  }
}
