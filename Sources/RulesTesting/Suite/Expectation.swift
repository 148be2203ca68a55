/// What a case expects of its request.
public struct Expectation: Sendable, Equatable {
  public enum Verdict: String, Sendable {
    case allow, deny
  }

  public var verdict: Verdict
  /// Text the denial must mention: its message (`User does not have permission…`, the version 1
  /// list refusal) or an evaluation error raised while deciding (`Null value error.`).
  public var errorContains: String?
  /// For an allowed `list`: what the listing must return.
  public var listing: ListingExpectation?

  public init(verdict: Verdict, errorContains: String? = nil, listing: ListingExpectation? = nil) {
    self.verdict = verdict
    self.errorContains = errorContains
    self.listing = listing
  }
}

/// What an allowed listing must return; a nil field is not checked.
public struct ListingExpectation: Sendable, Equatable {
  /// Folders, as full paths without the trailing slash, in the order returned.
  public var prefixes: [String]?
  /// Objects, as full names, in the order returned.
  public var items: [String]?
  /// Whether a next page token is returned.
  public var nextPageToken: Bool?

  public init(prefixes: [String]? = nil, items: [String]? = nil, nextPageToken: Bool? = nil) {
    self.prefixes = prefixes
    self.items = items
    self.nextPageToken = nextPageToken
  }
}
