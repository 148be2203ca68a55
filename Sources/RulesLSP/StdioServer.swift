import Dispatch
import Foundation
import RulesReport
import Synchronization

/// Runs a ``LanguageServer`` over standard input and output: reads framed messages on the
/// calling thread, handles them in order on a serial queue, and lints on another serial queue
/// so that a long lint never delays an answer.
///
/// Cancellation takes effect for requests still queued (``MessageQueue``). Diagnostics of a
/// change are linted ``ServerOptions/debounceMilliseconds`` after the last change; a lint
/// whose document changed meanwhile is skipped or its result dropped (``LanguageServer/accept(_:)``).
/// Messages are written while the server's state is locked, so what is sent follows the
/// order of the state changes (no diagnostics after a close clears them).
public final class StdioServer: Sendable {
  private let state: Mutex<LanguageServer>
  private let pending = Mutex(MessageQueue())
  /// The newest lint request per document: a waiting lint runs only if still the newest.
  private let generations = Mutex([String: Int]())
  private let handling = DispatchQueue(label: "rulescheck.lsp.handling")
  private let linting = DispatchQueue(label: "rulescheck.lsp.linting")
  /// The second, full pass of a large document's lint: on its own queue, so that a newer
  /// version's first pass never waits behind an older version's full one.
  private let fullLinting = DispatchQueue(label: "rulescheck.lsp.full-linting")
  private let log: FileHandle?

  /// A server with `options`, logging to `logFile` when given.
  public init(options: ServerOptions, logFile: FileHandle? = nil) {
    self.state = Mutex(LanguageServer(options: options))
    self.log = logFile
  }

  /// Reads standard input until `exit` (or the end of input) and ends the process: status 0
  /// after `shutdown` and `exit`, 1 otherwise, and 1 with a message on standard error when
  /// the input cannot be framed.
  public func run() -> Never {
    signal(SIGPIPE, SIG_IGN)
    var reader = MessageFrameReader()
    while true {
      let data = FileHandle.standardInput.availableData
      if data.isEmpty {
        if reader.hasPartialMessage { fail(.endOfInputInMessage) }
        // Handle what was read, then end: a client that closes the stream without `exit`.
        handling.sync {}
        let status: Int32 = state.withLock { $0.phase == .shutDown } ? 0 : 1
        write(log: "end of input: exiting with status \(status)")
        exit(status)
      }
      reader.append(data)
      // Every message of a chunk is queued before any is handled, so a `$/cancelRequest`
      // written together with its request always finds it queued.
      var messages: [RPCMessage] = []
      do {
        while let frame = try reader.next() {
          for line in frame.skippedLines { write(log: "skipped a header line that is not a header: \(line)") }
          messages.append(RPCMessage.decode(frame.body))
        }
      } catch {
        receive(messages)
        handling.sync {}
        fail(error)
      }
      receive(messages)
    }
  }

  private func receive(_ messages: [RPCMessage]) {
    for message in messages {
      if case .request(let id, let method, _) = message { write(log: "<- \(method) \(id)") }
      if case .notification(let method, _) = message { write(log: "<- \(method)") }
    }
    pending.withLock { queue in
      for message in messages { queue.enqueue(message) }
    }
    for _ in messages { handling.async { self.handleNext() } }
  }

  private func handleNext() {
    guard let message = pending.withLock({ $0.dequeue() }) else { return }
    let effects = state.withLock { server in
      let effects = server.handle(message)
      for case .send(let value) in effects { send(value) }
      return effects
    }
    for effect in effects {
      switch effect {
      case .send: break
      case .log(let line): write(log: line)
      case .lint(let uri, let delay): schedule(uri, after: delay)
      case .exit(let status):
        write(log: "exit: status \(status)")
        exit(status)
      }
    }
  }

  private func schedule(_ uri: String, after milliseconds: Int) {
    let generation = generations.withLock { table in
      table[uri, default: 0] += 1
      return table[uri, default: 0]
    }
    let work: @Sendable () -> Void = { [self] in
      guard generations.withLock({ $0[uri] == generation }) else { return }
      guard let snapshot = state.withLock({ $0.snapshot(uri) }) else { return }
      // A large document is published twice: first without the rules that decide requests
      // with the evaluator (most of a large file's lint), then in full on the other queue.
      guard snapshot.bytes.count >= DocumentLinter.twoPassThreshold else {
        lint(snapshot, generation: generation, deferring: false)
        return
      }
      lint(snapshot, generation: generation, deferring: true)
      fullLinting.async { [self] in lint(snapshot, generation: generation, deferring: false) }
    }
    if milliseconds <= 0 {
      linting.async(execute: work)
    } else {
      linting.asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: work)
    }
  }

  /// Lints `snapshot` and publishes the result, unless a newer lint of its document was asked
  /// for meanwhile or the document changed (``LanguageServer/accept(_:)``).
  private func lint(_ snapshot: DocumentSnapshot, generation: Int, deferring: Bool) {
    let uri = snapshot.uri
    guard generations.withLock({ $0[uri] == generation }) else { return }
    let clock = ContinuousClock()
    let started = clock.now
    let linted = state.withLock { $0.options.linter }.lint(snapshot, deferringAccessRules: deferring)
    let lintTime = clock.now - started
    state.withLock { server in
      // A first pass never replaces a full result of the same version.
      guard generations.withLock({ $0[uri] == generation }), let message = server.accept(linted) else {
        write(log: "dropped a stale lint of \(uri) version \(snapshot.version)")
        return
      }
      send(message)
      let total = clock.now - started
      write(
        log:
          "-> publishDiagnostics \(uri) version \(snapshot.version)\(deferring ? " (first pass)" : ""): "
          + "\(linted.diagnostics.count) findings, "
          + "lint \(Self.milliseconds(lintTime)) ms, lint to sent \(Self.milliseconds(total)) ms")
    }
  }

  /// Writes one framed message to standard output; a closed output ends the process.
  private func send(_ value: JSONValue) {
    let framed = MessageFrameReader.frame(Array(value.serialized(.compact).utf8))
    do {
      try FileHandle.standardOutput.write(contentsOf: framed)
    } catch {
      write(log: "cannot write to standard output: \(error)")
      exit(1)
    }
  }

  private func fail(_ error: FramingError) -> Never {
    let message = "rulescheck lsp: error: \(error.description)"
    write(log: message)
    try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
    exit(1)
  }

  private static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let tenths = seconds * 10_000 + attoseconds / 100_000_000_000_000
    return "\(tenths / 10).\(tenths % 10)"
  }

  private func write(log line: String) {
    guard let log else { return }
    try? log.write(contentsOf: Data((line + "\n").utf8))
  }
}
