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
    var observers: [StorageTaskStatus: [Observer]] = [:]
  }

  /// An observer's handle and handler.
  typealias Observer = (handle: String, handler: Unchecked<(StorageTaskSnapshot) -> Void>)

  let reference: StorageReference
  let core: Mutex<Core>
  /// What fails the task before it starts (nil: nothing).
  private let check: @Sendable () -> StorageError?
  private let operation: @Sendable () -> Result<Outcome, StorageError>

  init(
    reference: StorageReference, total: Int64, check: @escaping @Sendable () -> StorageError? = { nil },
    operation: @escaping @Sendable () -> Result<Outcome, StorageError>
  ) {
    self.reference = reference
    self.core = Mutex(Core(total: total))
    self.check = check
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

  /// Queues a call of `observers` with the task as `core` has it, on `queue`. Called under the
  /// lock with the change of state it reports, so that every observer sees the events in the
  /// order they happened, whenever it was added; an observer removed before its call is not
  /// called.
  func deliver(
    _ core: Core, _ status: StorageTaskStatus, to observers: [Observer]? = nil, on queue: DispatchQueue
  ) {
    let observers = observers ?? core.observers[status] ?? []
    guard !observers.isEmpty else { return }
    let snapshot = makeSnapshot(core, status: status)
    queue.async { [self] in
      for observer in observers where isObserving(observer.handle, status) {
        observer.handler.value(snapshot)
      }
    }
  }

  private func isObserving(_ handle: String, _ status: StorageTaskStatus) -> Bool {
    core.withLock { $0.observers[status]?.contains { $0.handle == handle } ?? false }
  }

  /// Runs the operation on the callback queue, unless paused or cancelled by then.
  func start() {
    let task = Unchecked(value: self)
    reference.storage.callbackQueue.async { task.value.run() }
  }

  /// Runs the operation, here: on the callback queue. A task whose ``check`` fails fails
  /// without starting (no resume event), as the SDK's upload of a file it cannot read does.
  private func run() {
    let queue = reference.storage.callbackQueue
    let proceed = core.withLock { core -> Bool in
      guard core.phase == .queued else { return false }
      if let error = check() {
        core.error = error
        core.phase = .failed
        deliver(core, .failure, on: queue)
        return false
      }
      core.phase = .running
      core.started = true
      deliver(core, .resume, on: queue)
      return true
    }
    guard proceed else { return }
    let result = operation()
    core.withLock { core in
      switch result {
      case .success(let outcome):
        core.total = outcome.bytes
        core.completed = outcome.bytes
        core.outcome = outcome
        core.progressed = true
        deliver(core, .progress, on: queue)
        core.phase = .succeeded
        deliver(core, .success, on: queue)
      case .failure(let error):
        core.error = error
        core.phase = .failed
        deliver(core, .failure, on: queue)
      }
    }
  }
}
