import Foundation
import RulescheckTestSupport
import Synchronization

/// A running `rulescheck lsp`: writes framed JSON-RPC messages to it and collects what it
/// writes back, parsed with Foundation's JSON reader.
final class LSPProcess: Sendable {
  struct Timeout: Error, CustomStringConvertible {
    var waitingFor: String
    var received: [String]
    var description: String { "no \(waitingFor) within the time limit; received: \(received)" }
  }

  private let process: Process
  private let input: FileHandle
  private let output = Mutex(Output())
  private let errors = Mutex([UInt8]())
  /// How many of the two output pipes were read to their end.
  private let drained = Mutex(0)
  /// Long enough for a loaded 2-core machine; a test that passes never waits it out.
  static let patience: TimeInterval = 30

  private struct Output {
    var buffer: [UInt8] = []
    var texts: [String] = []
  }

  init(_ arguments: [String] = [], in directory: URL = packageRoot) throws {
    guard let binary = Rulescheck.binary() else {
      throw Timeout(waitingFor: "the rulescheck binary", received: [])
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = ["lsp"] + arguments
    process.currentDirectoryURL = directory
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    self.process = process
    self.input = stdin.fileHandleForWriting
    // Read with blocking reads, each pipe on a thread of its own, until end of file. A
    // `readabilityHandler` is a dispatch read source, and tearing one down with its pipe at
    // end of file now and then crashes libdispatch on Linux (`_dispatch_event_loop_drain`,
    // swift-corelibs-foundation#5507); it did so here once in CLILSPTests.
    let outputHandle = stdout.fileHandleForReading
    let errorHandle = stderr.fileHandleForReading
    Thread.detachNewThread { [self] in
      Self.readUntilEnd(outputHandle) { data in
        output.withLock { state in
          state.buffer += data
          while let (body, rest) = Self.split(state.buffer) {
            state.buffer = rest
            state.texts.append(String(decoding: body, as: UTF8.self))
          }
        }
      }
      drained.withLock { $0 += 1 }
    }
    Thread.detachNewThread { [self] in
      Self.readUntilEnd(errorHandle) { data in errors.withLock { $0 += data } }
      drained.withLock { $0 += 1 }
    }
    try process.run()
  }

  /// Hands each chunk read from `handle` to `take`, until end of file.
  private static func readUntilEnd(_ handle: FileHandle, _ take: (Data) -> Void) {
    while true {
      let data = handle.availableData
      if data.isEmpty { return }
      take(data)
    }
  }

  /// One framed body at the front of `buffer` and what follows it, or nil when incomplete.
  private static func split(_ buffer: [UInt8]) -> ([UInt8], [UInt8])? {
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    guard let end = buffer.firstRange(of: separator) else { return nil }
    let header = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
    guard let line = header.split(separator: "\r\n").first(where: { $0.hasPrefix("Content-Length:") }),
      let length = Int(line.dropFirst("Content-Length:".count).trimmingCharacters(in: .whitespaces)),
      buffer.count - end.upperBound >= length
    else { return nil }
    return (
      Array(buffer[end.upperBound..<end.upperBound + length]), Array(buffer[(end.upperBound + length)...])
    )
  }

  /// Writes raw bytes in one write.
  func write(raw: String) throws {
    try input.write(contentsOf: Data(raw.utf8))
  }

  /// The framed form of `json`.
  static func frame(_ json: String) -> String {
    "Content-Length: \(json.utf8.count)\r\n\r\n" + json
  }

  /// Writes each message framed, all in one write.
  func send(_ messages: String...) throws {
    try write(raw: messages.map(Self.frame).joined())
  }

  /// Every message received so far.
  var messages: [[String: Any]] {
    output.withLock { $0.texts }.map { text in
      (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }
  }

  /// Waits for the first message (from position `after` on) that satisfies `matches`.
  func wait(
    for description: String, after: Int = 0, _ matches: ([String: Any]) -> Bool
  ) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(Self.patience)
    while Date() < deadline {
      let received = messages
      if after < received.count, let found = received[after...].first(where: matches) { return found }
      Thread.sleep(forTimeInterval: 0.01)
    }
    throw Timeout(waitingFor: description, received: output.withLock { $0.texts })
  }

  /// Waits for the response to request `id`.
  func response(_ id: Int) throws -> [String: Any] {
    try wait(for: "response \(id)") { ($0["id"] as? Int) == id }
  }

  /// Waits for diagnostics of `uri` at `version`.
  func diagnostics(_ uri: String, version: Int) throws -> [[String: Any]] {
    let note = try wait(for: "diagnostics of \(uri) version \(version)") { message in
      let params = message["params"] as? [String: Any]
      return message["method"] as? String == "textDocument/publishDiagnostics"
        && params?["uri"] as? String == uri && params?["version"] as? Int == version
    }
    return (note["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
  }

  /// Closes standard input and waits for the process to end; returns its status and stderr.
  func finish(closingInput: Bool = true) throws -> (status: Int32, stderr: String) {
    if closingInput { try? input.close() }
    let deadline = Date().addingTimeInterval(Self.patience)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning {
      process.terminate()
      throw Timeout(waitingFor: "the process to end", received: [])
    }
    // What it wrote last is read once both pipes reach their end.
    while drained.withLock({ $0 }) < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    return (process.terminationStatus, errors.withLock { String(decoding: $0, as: UTF8.self) })
  }

  /// Waits for the process to end by itself (after `exit`), without closing its input.
  func waitForExit() throws -> Int32 {
    try finish(closingInput: false).status
  }

  static let initialize =
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#
  static let initialized = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#
  static let shutdown = #"{"jsonrpc":"2.0","id":99,"method":"shutdown"}"#
  static let exit = #"{"jsonrpc":"2.0","method":"exit"}"#
}
