import Dispatch
import RulesEvaluator
import RulesSyntax
import Synchronization

/// Decides and renders a batch of requests (`simulate --requests`), in order, using every core.
public struct BatchDecisions: Sendable {
  public enum Format: Sendable {
    /// One JSON decision per line, with `index`.
    case jsonLines
    /// One line per request, or the whole explanation with `explain`.
    case text
  }

  public let ruleset: CompiledRuleset
  public let firestore: FirestoreDocuments
  public let now: Timestamp
  public let format: Format
  public let explain: Bool
  public let style: TextStyle
  /// Requests decided by one worker at a time.
  public var chunkSize = 2_000

  public init(
    ruleset: CompiledRuleset, firestore: FirestoreDocuments, now: Timestamp, format: Format, explain: Bool,
    style: TextStyle
  ) {
    self.ruleset = ruleset
    self.firestore = firestore
    self.now = now
    self.format = format
    self.explain = explain
    self.style = style
  }

  /// The rendered decisions of `inputs[range]`, indexes counted from the batch's start.
  public func render(_ inputs: [RequestInput], _ range: Range<Int>) -> String {
    String(decoding: bytes(inputs, range), as: UTF8.self)
  }

  /// ``render(_:_:)`` as UTF-8 bytes: JSON lines are written straight into them.
  public func bytes(_ inputs: [RequestInput], _ range: Range<Int>) -> [UInt8] {
    bytes(inputs, range, firstIndex: range.lowerBound)
  }

  /// ``bytes(_:_:)`` with `inputs[range.lowerBound]` shown as request `firstIndex`.
  private func bytes(_ inputs: [RequestInput], _ range: Range<Int>, firstIndex: Int) -> [UInt8] {
    let source = ruleset.checked.source
    let detail: TraceDetail = explain ? .values : (format == .jsonLines ? .statements : .none)
    var output: [UInt8] = []
    output.reserveCapacity(range.count * (format == .jsonLines ? 800 : 80))
    // Each request is read where it lies in the array, not copied out first (the buffer is
    // not bounds-checked, so the range is checked here, as the array's subscript did).
    precondition(range.lowerBound >= 0 && range.upperBound <= inputs.count, "range out of bounds")
    inputs.withUnsafeBufferPointer { inputs in
      switch format {
      case .jsonLines:
        let writer = DecisionLineWriter(source: source, warnings: ruleset.checked.deployableFindings)
        for index in range {
          let decision = ruleset.decide(inputs[index].request(now: now), firestore: firestore, detail: detail)
          writer.append(decision, index: firstIndex + index - range.lowerBound, explain: explain, to: &output)
        }
      case .text:
        let renderer = DecisionTextRenderer(style: style, explain: explain)
        for index in range {
          let decision = ruleset.decide(inputs[index].request(now: now), firestore: firestore, detail: detail)
          let text =
            explain
            ? renderer.render(decision, source: source)
            : renderer.renderLine(decision, index: firstIndex + index - range.lowerBound)
          output.append(contentsOf: text.utf8)
        }
      }
    }
    return output
  }

  /// Renders every decision, chunks in parallel on every core, handing the chunks' bytes to
  /// `write` in order as soon as each one and those before it are done (so a slow chunk holds back only
  /// the output, and the chunks waiting are about as many as there are cores).
  public func run(_ inputs: [RequestInput], output write: @Sendable ([UInt8]) -> Void) {
    let size = max(1, chunkSize)
    let count = (inputs.count + size - 1) / size
    let progress = Mutex<(next: Int, done: [Int: [UInt8]])>((0, [:]))
    DispatchQueue.concurrentPerform(iterations: count) { chunk in
      let start = chunk * size
      let rendered = bytes(inputs, start..<min(start + size, inputs.count))
      progress.withLock { state in
        state.done[chunk] = rendered
        while let ready = state.done.removeValue(forKey: state.next) {
          write(ready)
          state.next += 1
        }
      }
    }
  }

  /// ``run(_:output:)`` for a batch read as pieces (``parsePieces(_:defaults:)``): the same
  /// bytes as for the pieces joined, without joining them. The pieces are taken over: each
  /// one is released by the worker that renders its last chunk, so the requests are freed on
  /// every core as the run goes rather than on the calling thread at its end.
  public func run(pieces: consuming [[RequestInput]], output write: @Sendable ([UInt8]) -> Void) {
    let size = max(1, chunkSize)
    var work: [(piece: Int, range: Range<Int>, firstIndex: Int)] = []
    var chunks: [Int] = []
    var firstIndex = 0
    for (piece, inputs) in pieces.enumerated() {
      for start in stride(from: 0, to: inputs.count, by: size) {
        let range = start..<min(start + size, inputs.count)
        work.append((piece, range, firstIndex + start))
      }
      chunks.append((inputs.count + size - 1) / size)
      firstIndex += inputs.count
    }
    let items = work
    // The pieces and how many of their chunks are still to render.
    let held = Mutex<(pieces: [[RequestInput]], left: [Int])>((pieces, chunks))
    pieces = []
    let progress = Mutex<(next: Int, done: [Int: [UInt8]])>((0, [:]))
    DispatchQueue.concurrentPerform(iterations: items.count) { item in
      let (piece, range, firstIndex) = items[item]
      var inputs = held.withLock { $0.pieces[piece] }
      let rendered = bytes(inputs, range, firstIndex: firstIndex)
      held.withLock { state in
        state.left[piece] -= 1
        if state.left[piece] == 0 { state.pieces[piece] = [] }
      }
      // The last holder of a finished piece frees its requests here, outside both locks.
      inputs = []
      progress.withLock { state in
        state.done[item] = rendered
        while let ready = state.done.removeValue(forKey: state.next) {
          write(ready)
          state.next += 1
        }
      }
    }
  }

  /// ``run(_:output:)`` for a `write` that must be called on the calling thread: windows of
  /// chunks are rendered in parallel, then handed over in order as text.
  public func run(_ inputs: [RequestInput], write: (String) -> Void) {
    let size = max(1, chunkSize)
    let chunks = stride(from: 0, to: inputs.count, by: size).map { $0..<min($0 + size, inputs.count) }
    let window = 16
    for windowStart in stride(from: 0, to: chunks.count, by: window) {
      let slice = Array(chunks[windowStart..<min(windowStart + window, chunks.count)])
      let results = Mutex<[Int: [UInt8]]>([:])
      DispatchQueue.concurrentPerform(iterations: slice.count) { position in
        let rendered = bytes(inputs, slice[position])
        results.withLock { $0[position] = rendered }
      }
      let rendered = results.withLock { $0 }
      for position in slice.indices { write(String(decoding: rendered[position] ?? [], as: UTF8.self)) }
    }
  }
}
