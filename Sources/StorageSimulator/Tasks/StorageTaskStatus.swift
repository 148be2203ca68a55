/// What a task observer waits for, with the SDK's cases and raw values.
public enum StorageTaskStatus: Int, Sendable, Hashable {
  /// Never fired; observing it does nothing (the SDK stops the program).
  case unknown
  case resume
  case progress
  case pause
  case success
  case failure
}

/// What every task can do, as the SDK's `StorageTaskManagement` says.
public protocol StorageTaskManagement: AnyObject {
  /// Starts the task (tasks the references return have started already).
  func enqueue()
  func pause()
  func cancel()
  func resume()
}

/// A value moved to another queue that Swift cannot prove `Sendable`: the SDK's handlers are
/// plain closures, called on the storage's callback queue as the SDK calls them.
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
}
