import RulesSyntax

/// The result of a lint run: every file's findings, the counts, and whether the run failed.
public struct LintReport: Sendable {
  /// The files in the order they were given.
  public let files: [FileReport]
  /// The least severe finding that fails the run.
  public let failureThreshold: Severity
  /// Whether only findings that stop `firebase deploy` fail the run, whatever the thresholds.
  public let failsOnDeployErrorsOnly: Bool
  public let summary: LintSummary

  public init(files: [FileReport], failureThreshold: Severity, failsOnDeployErrorsOnly: Bool = false) {
    self.files = files
    self.failureThreshold = failureThreshold
    self.failsOnDeployErrorsOnly = failsOnDeployErrorsOnly
    self.summary = LintSummary(files)
  }

  /// True when any finding is at or above its file's threshold (``FileReport/failureThreshold``,
  /// else ``failureThreshold``); with ``failsOnDeployErrorsOnly``, when any finding stops a
  /// deploy.
  public var failed: Bool {
    if failsOnDeployErrorsOnly { return summary.deployBlocking > 0 }
    return files.contains { file in
      let threshold = min(file.failureThreshold ?? failureThreshold, failureThreshold)
      return file.diagnostics.contains { $0.severity >= threshold }
    }
  }

  /// `checkFailed` when the run failed, else `success`.
  public var exitStatus: RunStatus { failed ? .checkFailed : .success }
}
