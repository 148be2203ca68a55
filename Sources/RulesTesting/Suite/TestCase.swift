import RulesEvaluator

/// How a `list` case pages through the bucket state.
public struct ListingOptions: Sendable, Equatable {
  /// 1...1000; production's default is 1000.
  public var maxResults: Int
  public var pageToken: String?
  /// `listAll`: every page of the default size.
  public var all: Bool

  public init(maxResults: Int = 1_000, pageToken: String? = nil, all: Bool = false) {
    self.maxResults = maxResults
    self.pageToken = pageToken
    self.all = all
  }
}

/// One test case: a request and what it should get.
public struct TestCase: Sendable {
  public var name: String
  /// Where the case starts in its suite file.
  public var location: SuiteLocation
  /// The request, with `resource` already taken from the bucket state when the case gave none.
  public var request: RequestInput
  public var listing: ListingOptions
  public var expectation: Expectation

  public init(
    name: String, location: SuiteLocation, request: RequestInput, listing: ListingOptions = ListingOptions(),
    expectation: Expectation
  ) {
    self.name = name
    self.location = location
    self.request = request
    self.listing = listing
    self.expectation = expectation
  }
}
