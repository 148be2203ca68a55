import Foundation

/// A task whose events can be observed: resume, progress, pause, success and failure, as in
/// the SDK. Observers are called on the storage's callback queue. One added after its event
/// happened is called once, at once: for success, failure and a pause as the SDK does, and,
/// unlike the SDK, for resume and progress too, since a simulated task may well be done before
/// the code that started it adds its observers.
public class StorageObservableTask: StorageTask, @unchecked Sendable {
  /// Calls `handler` at each `status` event; returns a handle for ``removeObserver(withHandle:)``.
  @discardableResult
  public func observe(_ status: StorageTaskStatus, handler: @escaping (StorageTaskSnapshot) -> Void) -> String
  {
    let handle = UUID().uuidString
    let observer = Unchecked(value: handler)
    let snapshot: StorageTaskSnapshot? = core.withLock { core in
      core.observers[status, default: []].append((handle, observer))
      let happened =
        switch status {
        case .success: core.phase == .succeeded
        case .failure: core.phase == .failed
        case .pause: core.phase == .paused
        case .resume: core.started
        case .progress: core.progressed
        case .unknown: false
        }
      return happened ? makeSnapshot(core, status: status) : nil
    }
    if let snapshot {
      let delivery = Unchecked(value: (observer, snapshot))
      reference.storage.callbackQueue.async { delivery.value.0.value(delivery.value.1) }
    }
    return handle
  }

  /// Removes the observer `handle` names.
  public func removeObserver(withHandle handle: String) {
    core.withLock { core in
      for status in core.observers.keys { core.observers[status]?.removeAll { $0.handle == handle } }
    }
  }

  /// Removes every observer of `status`.
  public func removeAllObservers(for status: StorageTaskStatus) {
    core.withLock { $0.observers[status] = nil }
  }

  /// Removes every observer.
  public func removeAllObservers() {
    core.withLock { $0.observers = [:] }
  }

  /// Starts the task; tasks the references return have started already.
  func enqueueTask() {
    let queued = core.withLock { core in
      guard core.phase == .paused else { return core.phase == .queued }
      core.phase = .queued
      return true
    }
    if queued { start() }
  }

  /// Holds a task that has not run yet; no effect once it runs.
  func pauseTask() {
    callLater(
      core.withLock { core in
        guard core.phase == .queued else { return nil }
        core.phase = .paused
        return delivery(core, .pause)
      })
  }

  /// Goes on with a paused task.
  func resumeTask() {
    let resumed = core.withLock { core in
      guard core.phase == .paused else { return false }
      core.phase = .queued
      return true
    }
    if resumed { start() }
  }

  /// Fails a task that has not run yet with ``StorageError/cancelled``; no effect once it runs.
  func cancelTask() {
    callLater(
      core.withLock { core in
        guard core.phase == .queued || core.phase == .paused else { return nil }
        core.phase = .failed
        core.error = .cancelled
        return delivery(core, .failure)
      })
  }
}

/// An upload: `putData` and `putFile` return one, already started.
public final class StorageUploadTask: StorageObservableTask, StorageTaskManagement, @unchecked Sendable {
  public func enqueue() { enqueueTask() }
  public func pause() { pauseTask() }
  public func cancel() { cancelTask() }
  public func resume() { resumeTask() }
}

/// A download: `getData` and `write(toFile:)` return one, already started.
public final class StorageDownloadTask: StorageObservableTask, StorageTaskManagement, @unchecked Sendable {
  public func enqueue() { enqueueTask() }
  public func pause() { pauseTask() }
  public func cancel() { cancelTask() }
  public func resume() { resumeTask() }
}
