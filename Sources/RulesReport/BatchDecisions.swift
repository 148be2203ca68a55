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
    let source = ruleset.checked.source
    let writer = DecisionJSON(source: source, layout: .compact, warnings: ruleset.checked.deployableFindings)
    let renderer = DecisionTextRenderer(style: style, explain: explain)
    let detail: TraceDetail = explain ? .values : (format == .jsonLines ? .statements : .none)
    var output = ""
    output.reserveCapacity(range.count * (format == .jsonLines ? 800 : 80))
    for index in range {
      let decision = ruleset.decide(inputs[index].request(now: now), firestore: firestore, detail: detail)
      switch format {
      case .jsonLines:
        output += writer.document(decision, index: index, explain: explain).withTool().serialized(.compact)
        output += "\n"
      case .text:
        output +=
          explain ? renderer.render(decision, source: source) : renderer.renderLine(decision, index: index)
      }
    }
    return output
  }

  /// Renders every decision, chunk by chunk in parallel, handing the chunks to `write` in order.
  public func run(_ inputs: [RequestInput], write: (String) -> Void) {
    let chunks = stride(from: 0, to: inputs.count, by: chunkSize).map {
      $0..<min($0 + chunkSize, inputs.count)
    }
    let window = 16
    for windowStart in stride(from: 0, to: chunks.count, by: window) {
      let slice = Array(chunks[windowStart..<min(windowStart + window, chunks.count)])
      let results = Mutex<[Int: String]>([:])
      DispatchQueue.concurrentPerform(iterations: slice.count) { position in
        let text = render(inputs, slice[position])
        results.withLock { $0[position] = text }
      }
      let rendered = results.withLock { $0 }
      for position in slice.indices { write(rendered[position] ?? "") }
    }
  }
}
