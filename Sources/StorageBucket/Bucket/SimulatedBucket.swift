import RulesEvaluator

/// A bucket, the rules that guard it and the Firestore documents the rules may read: the
/// synchronous model under `StorageSimulator`'s `Storage` and `rulescheck list`. Every operation is decided by
/// the rules first, as production does, then carried out on ``objects``.
public struct SimulatedBucket: Sendable {
  /// The bucket's name, as `request.path` and `resource.bucket` show it.
  public var name: String
  /// Rules without errors: decisions on a ruleset with errors mean little.
  public var rules: CompiledRuleset
  public var objects: BucketListing
  public var firestore: FirestoreDocuments

  public init(
    name: String, rules: CompiledRuleset, objects: BucketListing = BucketListing(),
    firestore: FirestoreDocuments = FirestoreDocuments()
  ) {
    self.name = name
    self.rules = rules
    self.objects = objects
    self.firestore = firestore
  }

  /// One page of `folder` (`""` is the root; slashes are normalised) for `auth` at `time`:
  /// `maxResults` is checked first (as the SDK does before sending), then `list` is decided on
  /// the folder (decisions.md §8: a denial is 403, version 1 rules the 400 refusal), then the
  /// page is read (``BucketListing/list(folder:maxResults:pageToken:)``).
  public func list(
    folder: String, maxResults: Int? = nil, pageToken: String? = nil, auth: AuthContext?, time: Timestamp
  ) -> ListOutcome {
    let folder = StoragePath.normalize(folder)
    var outcome = ListOutcome(folder: folder, decision: nil, result: .success(ListPage()))
    if let maxResults, !(1...BucketListing.defaultPageSize).contains(maxResults) {
      outcome.result = .failure(.maxResultsOutOfRange)
      return outcome
    }
    let request = Request(method: .list, bucket: name, path: folder, auth: auth, time: time)
    let decision = rules.decide(request, firestore: firestore, detail: .none)
    outcome.decision = decision
    if let error = decision.error, !decision.allowed {
      outcome.result = .failure(
        .denied(status: error.status, message: error.message, bucket: name, object: folder))
      return outcome
    }
    outcome.result = Result { () throws(BucketError) in
      try objects.list(folder: folder, maxResults: maxResults, pageToken: pageToken)
    }
    return outcome
  }

  /// Every page of `folder` at the default size, each decided as the SDK's `listAll` sends
  /// them; the first failure fails the whole and its entries are dropped.
  public func listAll(folder: String, auth: AuthContext?, time: Timestamp) -> ListOutcome {
    var all = ListPage()
    var token: String?
    var outcome: ListOutcome
    repeat {
      outcome = list(folder: folder, pageToken: token, auth: auth, time: time)
      guard case .success(let page) = outcome.result else { return outcome }
      all.prefixes += page.prefixes
      all.items += page.items
      token = page.nextPageToken
    } while token != nil
    outcome.result = .success(all)
    return outcome
  }
}

/// What a list did: the rules' decision on the folder and the page or the error.
public struct ListOutcome: Sendable {
  /// The folder listed, normalised (`""` is the root).
  public var folder: String
  /// The rules' decision; nil when the arguments were refused before the rules were asked.
  public var decision: Decision?
  public var result: Result<ListPage, BucketError>

  /// Whether the rules allowed the list and the page was read.
  public var listed: Bool {
    if case .success = result { return true }
    return false
  }

  /// The failure's HTTP-style status: the decision's 403 (denied) or 400 (the version 1
  /// refusal), else 400 for an argument refused before or after the rules; nil when listed.
  public var status: Int? {
    guard case .failure = result else { return nil }
    if let decision, !decision.allowed, let error = decision.error { return error.status }
    return 400
  }

  /// The failure, if any.
  public var error: BucketError? {
    guard case .failure(let failure) = result else { return nil }
    return failure
  }
}
