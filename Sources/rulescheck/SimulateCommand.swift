import ArgumentParser
import Foundation
import RulesEvaluator
import RulesLint
import RulesReport
import RulesSemantics
import RulesSyntax

/// `rulescheck simulate`: decides one request, or a batch of JSON lines, against a ruleset.
struct SimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Decide a request (get, list, create, update, delete) as production would.",
    discussion: """
      Exit status: 0 allowed (in batch mode: every line decided), 1 denied, 2 bad input \
      (bad flags, malformed JSON, a rules file Firebase would refuse to deploy). Other \
      findings in the rules are printed on standard error (text) or as "warnings" (JSON), and \
      the rules run as production runs them.
      """)

  @Argument(help: "The rules file (- reads standard input).")
  var rules: String

  @Option(help: "get, list, create, update or delete.")
  var method: RequestMethod?

  @Option(help: "The object name (for list: the folder; \"\" or / is the bucket root).")
  var path: String?

  @Option(help: "The bucket (default: \(RequestInput.defaultBucket)).")
  var bucket: String?

  @Option(help: "The stored object's metadata as JSON (absent: no object exists).")
  var resource: String?

  @Option(help: "The new metadata (create), or the patch (update: null clears a field or key), as JSON.")
  var requestResource: String?

  @OptionGroup var requester: RequesterOptions

  @Option(
    help: """
      A JSON-lines file of requests, or - for standard input. --bucket, --uid/--auth and --time \
      are the defaults of lines that lack them.
      """)
  var requests: String?

  @Flag(help: "Show every matching block and allow, and the value of each sub-expression.")
  var explain = false

  @Option(help: "Output format (default: text; with --requests, json: one JSON decision per line).")
  var format: LintCommand.Format?

  @OptionGroup var colorOptions: ColorOptions

  func validate() throws {
    if requests != nil {
      let single: [(String, Bool)] = [
        ("--method", method != nil), ("--path", path != nil), ("--resource", resource != nil),
        ("--request-resource", requestResource != nil),
      ]
      if let flag = single.first(where: \.1)?.0 {
        throw ValidationError(
          "\(flag) describes one request; with --requests each line gives its own \"\(Self.key(flag))\"")
      }
    }
    try Console.checkStandardInput([
      ("the rules file", rules), ("--requests", requests), ("--firestore", requester.firestore),
    ])
  }

  /// The batch-line key of a per-request flag.
  private static func key(_ flag: String) -> String {
    flag == "--request-resource" ? "requestResource" : String(flag.dropFirst(2))
  }

  func run() throws {
    let format = format ?? (requests == nil ? .text : .json)
    let color = colorOptions.color
    let ruleset = SimulationInput.loadRules(rules, showFindings: format == .text, color: color)
    let documents = requester.documents()
    let now = requester.requestTime ?? SimulationInput.now()
    let source = ruleset.checked.source
    if let requests {
      let batch = BatchDecisions(
        ruleset: ruleset, firestore: documents, now: now, format: format == .json ? .jsonLines : .text,
        explain: explain, style: Console.style(explicit: color))
      let defaults = RequestBatch.Defaults(bucket: bucket, auth: requester.user())
      let pieces = SimulationInput.loadBatch(requests, defaults: defaults)
      batch.run(pieces: pieces, output: Console.write(bytes:))
      return
    }
    let input = try singleRequest()
    let decision = ruleset.decide(input.request(now: now), firestore: documents, trace: true)
    switch format {
    case .json:
      let writer = DecisionJSON(source: source, warnings: ruleset.checked.deployableFindings)
      Console.write(writer.document(decision, explain: explain).withTool().serialized() + "\n")
    case .text:
      Console.write(
        DecisionTextRenderer(style: Console.style(explicit: color), explain: explain).render(
          decision, source: source))
    }
    throw Console.exitCode(decision.allowed ? .success : .checkFailed)
  }

  private func singleRequest() throws -> RequestInput {
    guard let method else {
      throw ValidationError("Missing expected argument '--method <method>' (or give --requests)")
    }
    guard let path = path ?? (method == .list ? "" : nil) else {
      throw ValidationError("Missing expected argument '--path <path>'")
    }
    var input = RequestInput(method: method, path: path, bucket: bucket, auth: requester.user())
    if let resource {
      input.resource = SimulationInput.decode("--resource") { json throws(RequestInputError) in
        try RequestInput.metadata(json, field: "resource")
      }(resource)
    }
    if let requestResource {
      input.requestResource = SimulationInput.decode("--request-resource") { json throws(RequestInputError) in
        method == .update
          ? try RequestInput.patch(json, field: "requestResource")
          : try RequestInput.metadata(json, field: "requestResource")
      }(requestResource)
    }
    return input
  }
}

extension RequestMethod: ExpressibleByArgument {}
