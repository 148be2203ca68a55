import Foundation

/// An unchanging view of a task when an observer is called: the task, its reference, its
/// progress, and the metadata or the error once there is one.
public final class StorageTaskSnapshot: @unchecked Sendable, CustomStringConvertible {
  public let task: StorageTask
  /// The uploaded object's metadata, once an upload succeeded.
  public let metadata: StorageMetadata?
  public let reference: StorageReference
  /// Bytes done out of bytes in all (a new object for each snapshot).
  public let progress: Progress?
  /// The failure, an `NSError` bridged from ``StorageError`` as in the SDK.
  public let error: Error?
  public let status: StorageTaskStatus

  init(
    task: StorageTask, status: StorageTaskStatus, completed: Int64, total: Int64, metadata: StorageMetadata?,
    error: Error?
  ) {
    self.task = task
    self.reference = task.reference
    self.status = status
    let progress = Progress.discreteProgress(totalUnitCount: total)
    progress.completedUnitCount = completed
    self.progress = progress
    self.metadata = metadata
    self.error = error
  }

  /// The SDK's: `<State: Success>`, `<State: Failed, Error: …`, ….
  public var description: String {
    switch status {
    case .resume: "<State: Resume>"
    case .progress: "<State: Progress, Progress: \(String(describing: progress))>"
    case .pause: "<State: Paused>"
    case .success: "<State: Success>"
    case .failure: "<State: Failed, Error: \(String(describing: error))"
    case .unknown: "<State: Unknown>"
    }
  }
}
