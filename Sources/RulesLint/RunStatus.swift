/// How a `rulescheck` command ended; the raw value is the process exit status.
public enum RunStatus: Int32, Sendable, CaseIterable {
  /// No findings at or above the failure threshold.
  case success = 0
  /// The check failed: findings at or above the threshold.
  case checkFailed = 1
  /// The command could not do its job: bad flags, unusable input, nothing to check.
  case couldNotRun = 2
}
