import ArgumentParser
import Foundation
import RulesLint
import RulesReport

/// The process's standard streams, as the commands use them.
enum Console {
  /// Writes `text` to standard output as is. A closed pipe is not worth a crash report.
  static func write(_ text: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }

  /// Writes `text` to standard error as is.
  static func writeError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }

  /// Prints the one-line `rulescheck: error: …` message and exits with status 2.
  static func fail(_ message: String) -> Never {
    let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    writeError("rulescheck: error: \(line)\n")
    Foundation.exit(RunStatus.couldNotRun.rawValue)
  }

  /// The ``ExitCode`` a command ends with for `status`.
  static func exitCode(_ status: RunStatus) -> ExitCode {
    ExitCode(status.rawValue)
  }

  /// The colour style for standard output (`error: false`) or standard error.
  static func style(explicit: Bool?, error: Bool = false) -> TextStyle {
    TextStyle(
      explicit: explicit, isTerminal: isatty(error ? STDERR_FILENO : STDOUT_FILENO) == 1,
      environment: ProcessInfo.processInfo.environment)
  }
}
