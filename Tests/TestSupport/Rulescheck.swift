import Foundation
import Testing

/// What one run of the built `rulescheck` binary printed and returned.
public struct CommandResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
}

public struct BinaryNotFound: Error, CustomStringConvertible {
  public var description: String { "the rulescheck binary was not found; build it or set RULESCHECK_BINARY" }
}

/// Runs the `rulescheck` executable that was built with this test bundle.
public enum Rulescheck {
  /// Runs `arguments` in `directory`. `NO_COLOR` and `FORCE_COLOR` are removed from the
  /// inherited environment unless `environment` sets them.
  public static func run(
    _ arguments: [String], in directory: URL, environment: [String: String] = [:], stdin: String? = nil
  ) throws -> CommandResult {
    guard let executable = binary() else { throw BinaryNotFound() }
    return try launch(executable, arguments, in: directory, environment: environment, stdin: stdin)
  }

  /// Runs `arguments` with the `rulescheck-bench` executable built beside ``binary()``.
  public static func runBenchmarks(_ arguments: [String], in directory: URL) throws -> CommandResult {
    guard let rulescheck = binary() else { throw BinaryNotFound() }
    let bench = rulescheck.deletingLastPathComponent().appendingPathComponent("rulescheck-bench")
    guard FileManager.default.isExecutableFile(atPath: bench.path) else { throw BinaryNotFound() }
    return try launch(bench, arguments, in: directory, environment: [:])
  }

  /// `script(1)`, which gives a command a pseudo-terminal, where the platform has it.
  public static let scriptCommand = URL(fileURLWithPath: "/usr/bin/script")

  /// Runs `arguments` with standard output on a pseudo-terminal (Linux `script -qec`); the
  /// terminal turns each newline into CR LF, which is turned back.
  public static func runInTerminal(
    _ arguments: [String], in directory: URL, environment: [String: String] = [:]
  ) throws -> CommandResult {
    guard let executable = binary() else { throw BinaryNotFound() }
    let command = ([executable.path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
    var result = try launch(
      scriptCommand, ["-qec", command, "/dev/null"], in: directory, environment: environment)
    result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    return result
  }

  /// This process's environment without the colour switches (so output is plain unless a test
  /// asks), with `environment` on top.
  static func childEnvironment(_ environment: [String: String]) -> [String: String] {
    var result = ProcessInfo.processInfo.environment
    result["NO_COLOR"] = nil
    result["FORCE_COLOR"] = nil
    result.merge(environment) { $1 }
    return result
  }

  private static func launch(
    _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String],
    stdin: String? = nil
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = childEnvironment(environment)

    // Files, not pipes: nothing can block however much is printed.
    let outputs = try TemporaryDirectory()
    let stdoutURL = try outputs.write("stdout", "")
    let stderrURL = try outputs.write("stderr", "")
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    process.standardOutput = stdout
    process.standardError = stderr
    if let stdin {
      process.standardInput = try FileHandle(forReadingFrom: try outputs.write("stdin", stdin))
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    try stdout.close()
    try stderr.close()
    return CommandResult(
      status: process.terminationStatus,
      stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
      stderr: try String(contentsOf: stderrURL, encoding: .utf8))
  }

  /// The executable beside the test products: `RULESCHECK_BINARY` if set, else the products
  /// folder of this test run (whatever `--scratch-path` was), else the newest
  /// `.build*/debug/rulescheck` in the package.
  public static func binary() -> URL? {
    let fileManager = FileManager.default
    if let path = ProcessInfo.processInfo.environment["RULESCHECK_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    var folders: [URL] = []
    for bundle in [Bundle.main] + Bundle.allBundles {
      folders.append(bundle.bundleURL)
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    for folder in folders {
      let candidate = folder.appendingPathComponent("rulescheck")
      if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    let scratch = (try? fileManager.contentsOfDirectory(atPath: packageRoot.path)) ?? []
    return
      scratch
      .filter { $0.hasPrefix(".build") }
      .map { packageRoot.appendingPathComponent($0).appendingPathComponent("debug/rulescheck") }
      .filter { fileManager.isExecutableFile(atPath: $0.path) }
      .max { modificationDate($0) < modificationDate($1) }
  }

  private static func modificationDate(_ url: URL) -> Date {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    return attributes?[.modificationDate] as? Date ?? .distantPast
  }
}
