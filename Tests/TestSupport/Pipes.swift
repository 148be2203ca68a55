import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

extension Rulescheck {
  /// Runs `arguments` with `input` written to a real pipe on standard input (not a file, as
  /// ``run(_:in:environment:stdin:)`` gives), standard output and error read from pipes.
  public static func runPiped(
    _ arguments: [String], in directory: URL, input: String, environment: [String: String] = [:]
  ) throws -> CommandResult {
    guard let executable = binary() else { throw BinaryNotFound() }
    return try runPiped(executable, arguments, in: directory, input: input, environment: environment)
  }

  /// Runs `bash -c script` with `rulescheck` on `PATH`, for shell forms such as process
  /// substitution (`<(cat a.rules)`); standard input is empty.
  public static func runShell(_ script: String, in directory: URL) throws -> CommandResult {
    guard let executable = binary() else { throw BinaryNotFound() }
    let path =
      executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    return try runPiped(
      URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: directory, input: "", environment: ["PATH": path]
    )
  }

  private static func runPiped(
    _ executable: URL, _ arguments: [String], in directory: URL, input: String, environment: [String: String]
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = childEnvironment(environment)
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    // The command may exit before reading its input: writing to the closed pipe must fail
    // with EPIPE, not kill the test process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    try process.run()
    // Each stream on its own thread, so that no pipe fills while another is waited on.
    let output = Collected()
    let group = DispatchGroup()
    for (handle, keyPath) in [(stdout, \Collected.stdout), (stderr, \Collected.stderr)] {
      DispatchQueue.global().async(group: group) {
        let data = handle.fileHandleForReading.readDataToEndOfFile()
        output.set(keyPath, data)
      }
    }
    DispatchQueue.global().async(group: group) {
      // The command may exit without reading: a closed pipe is no failure here.
      try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
      try? stdin.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    group.wait()
    return CommandResult(
      status: process.terminationStatus, stdout: String(decoding: output.get(\.stdout), as: UTF8.self),
      stderr: String(decoding: output.get(\.stderr), as: UTF8.self))
  }
}

/// Bytes gathered from threads.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  var stdout = Data()
  var stderr = Data()

  func set(_ keyPath: ReferenceWritableKeyPath<Collected, Data>, _ data: Data) {
    lock.withLock { self[keyPath: keyPath] = data }
  }

  func get(_ keyPath: KeyPath<Collected, Data>) -> Data {
    lock.withLock { self[keyPath: keyPath] }
  }
}

/// A named pipe (FIFO) in a test directory, fed by a background thread once a reader opens it.
public enum NamedPipe {
  /// Creates a FIFO at `url` and writes `contents` (at most a pipe buffer, 4 KiB, so the write
  /// never waits) into it as soon as a reader opens it; gives up after about ten seconds
  /// without a reader, so no thread is left blocked.
  public static func feed(_ url: URL, _ contents: String) throws {
    guard mkfifo(url.path, 0o600) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    signal(SIGPIPE, SIG_IGN)
    let path = url.path
    let bytes = Array(contents.utf8)
    Thread.detachNewThread {
      for _ in 0..<1_000 {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        if descriptor < 0 {
          usleep(10_000)
          continue
        }
        _ = fcntl(descriptor, F_SETFL, 0)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return
      }
    }
  }
}
