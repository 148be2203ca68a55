import Foundation

/// A task whose events can be observed: resume, progress, pause, success and failure, as in
/// the SDK. Observers are called on the storage's callback queue, each in the order the events
/// happened. One added after its event happened is called once, at once: for success, failure
/// and a pause as the SDK does, and, unlike the SDK, for resume and progress too, since a
/// simulated task may well be done before the code that started it adds its observers. An
/// observer removed before its call is not called, even one added after its event.
public class StorageObservableTask: StorageTask, @unchecked Sendable {
  /// Calls `handler` at each `status` event; returns a handle for ``removeObserver(withHandle:)``.
  @discardableResult
  public func observe(_ status: StorageTaskStatus, handler: @escaping (StorageTaskSnapshot) -> Void) -> String
  {
    let handle = UUID().uuidString
    let observer = (handle: handle, handler: Unchecked(value: handler))
    let queue = reference.storage.callbackQueue
    core.withLock { core in
      core.observers[status, default: []].append(observer)
      let happened =
        switch status {
        case .success: core.phase == .succeeded
        case .failure: core.phase == .failed
        case .pause: core.phase == .paused
        case .resume: core.started
        case .progress: core.progressed
        case .unknown: false
        }
      if happened { deliver(core, status, to: [observer], on: queue) }
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
    let queue = reference.storage.callbackQueue
    core.withLock { core in
      guard core.phase == .queued else { return }
      core.phase = .paused
      deliver(core, .pause, on: queue)
    }
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
    let queue = reference.storage.callbackQueue
    core.withLock { core in
      guard core.phase == .queued || core.phase == .paused else { return }
      core.phase = .failed
      core.error = .cancelled
      deliver(core, .failure, on: queue)
    }
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
