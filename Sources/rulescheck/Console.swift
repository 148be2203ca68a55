import ArgumentParser
import Foundation
import RulesInput
import RulesLint
import RulesReport

/// The process's standard streams, as the commands use them.
enum Console {
  /// Writes `text` to standard output as is. A closed pipe is not worth a crash report.
  static func write(_ text: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }

  /// Writes `bytes` to standard output as is, from their own storage (no copy into `Data`).
  @Sendable static func write(bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      try? FileHandle.standardOutput.write(contentsOf: buffer)
    }
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

  /// Writes `text` to the file at `path` (atomically, see ``OutputFile``); a failure is one
  /// `rulescheck: error:` line naming `flag` and the path, and exit status 2.
  static func writeFile(_ text: String, to path: String, flag: String) {
    if path == "-" { return write(text) }
    do {
      try OutputFile.write(Array(text.utf8), to: path)
    } catch {
      fail("\(flag) \(path): cannot write the file: \(error)")
    }
  }

  /// Fails (exit 2) when more than one of `inputs` (a description and the path given) is `-`:
  /// standard input can be read once.
  static func checkStandardInput(_ inputs: [(String, String?)]) throws {
    let readers = inputs.filter { $0.1 == "-" }.map(\.0)
    guard readers.count > 1 else { return }
    throw ValidationError(
      "standard input can be read only once, but \(readers.joined(separator: " and ")) are \(readers.count == 2 ? "both" : "all") -"
    )
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

  /// The colour style for a file written with ``writeFile(_:to:flag:)``: never a terminal.
  static func fileStyle(explicit: Bool?) -> TextStyle {
    TextStyle(explicit: explicit, isTerminal: false, environment: ProcessInfo.processInfo.environment)
  }
}
