import ArgumentParser
import RulesEvaluator
import RulesReport
import StorageBucket

/// `rulescheck list`: dry-runs `list()` or `listAll()` over a bucket listing, decided by the rules.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Dry-run list() or listAll() over a bucket listing, as production answers it.",
    discussion: """
      Exit status: 0 listed, 1 denied (403, or 400 under rules_version 1), 2 bad input (bad \
      flags, an unreadable or malformed listing, --max-results outside 1...1000, an invalid \
      page token, a rules file Firebase would refuse to deploy).
      """)

  @Argument(help: "The rules file (- reads standard input).")
  var rules: String

  @Option(
    help: """
      The bucket listing: one object name per line, gsutil/gcloud storage ls output (-r, -l, \
      -a), JSON API objects.list pages, or a JSON array of names or metadata objects; - reads \
      standard input.
      """)
  var objects: String

  @Option(help: "The folder to list (default: the bucket root).")
  var prefix: String = ""

  @Option(help: "At most this many folders and objects (1...1000, default 1000).")
  var maxResults: Int?

  @Option(help: "Continue after this token from an earlier page.")
  var pageToken: String?

  @Flag(help: "List every page, as listAll() does.")
  var all = false

  @Option(help: "The bucket (default: the one the listing names, else \(RequestInput.defaultBucket)).")
  var bucket: String?

  @OptionGroup var requester: RequesterOptions

  @Option(help: "Output format.")
  var format: LintCommand.Format = .text

  @OptionGroup var colorOptions: ColorOptions

  func validate() throws {
    if all && (maxResults != nil || pageToken != nil) {
      throw ValidationError("--all lists every page; give it no --max-results or --page-token")
    }
    try Console.checkStandardInput([
      ("the rules file", rules), ("--objects", objects), ("--firestore", requester.firestore),
    ])
  }

  func run() throws {
    let color = colorOptions.color
    let ruleset = SimulationInput.loadRules(rules, showFindings: format == .text, color: color)
    let listing = ListingInput.load(objects)
    let bucketName = resolvedBucket(listing)
    let folder = StoragePath.normalize(prefix)
    for issue in folder.isEmpty ? [] : PathIssue.check(folder) {
      if issue.severity == .error { Console.fail("--prefix: \(issue.message)") }
      Console.writeError("rulescheck: warning: --prefix: \(issue.message)\n")
    }
    let user = requester.user()
    let now = requester.requestTime ?? SimulationInput.now()
    let simulated = SimulatedBucket(
      name: bucketName, rules: ruleset, objects: listing, firestore: requester.documents())
    let outcome =
      all
      ? simulated.listAll(folder: folder, auth: user, time: now)
      : simulated.list(folder: folder, maxResults: maxResults, pageToken: pageToken, auth: user, time: now)
    let denied = outcome.decision.map { !$0.allowed } ?? false
    switch format {
    case .json:
      let checked = ruleset.checked
      let warnings = RunFindings(checked.deployableFindings, in: checked.source)
      Console.write(ListingJSON.document(outcome, warnings: warnings).serialized() + "\n")
    case .text where outcome.listed:
      Console.write(
        ListingTextRenderer(style: Console.style(explicit: color)).render(
          outcome, bucket: bucketName, all: all, continuation: continuation(folder: folder)))
    case .text:
      if let decision = outcome.decision, denied {
        Console.write(
          DecisionTextRenderer(style: Console.style(explicit: color)).render(
            decision, source: ruleset.checked.source))
      }
    }
    if outcome.listed { return }
    if denied { throw Console.exitCode(.checkFailed) }
    Console.fail(outcome.error?.message ?? "the list failed")
  }

  /// `--bucket`, else the bucket the listing names, else the default; the two must agree.
  private func resolvedBucket(_ listing: BucketListing) -> String {
    if let bucket, let named = listing.bucket, !bucket.utf8.elementsEqual(named.utf8) {
      Console.fail("--bucket \(bucket) does not match the bucket the listing names: \(named)")
    }
    return bucket ?? listing.bucket ?? RequestInput.defaultBucket
  }

  /// This command line without `--page-token` and `--format`, to fetch the next page.
  private func continuation(folder: String) -> [String] {
    var words = ["rulescheck", "list", rules, "--objects", objects]
    if !folder.isEmpty { words += ["--prefix", folder] }
    if let maxResults { words += ["--max-results", String(maxResults)] }
    if let bucket { words += ["--bucket", bucket] }
    return words + requester.words
  }
}
