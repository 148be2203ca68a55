import RulesSyntax

/// What one `allow` condition reads (with the user functions it calls) that a probe cannot
/// know or that explains a method never being granted.
public struct AllowReads: Sendable, Hashable {
  /// The condition reads `request.time`.
  public var time = false
  /// Firestore documents read (`firestore.get`, `exists` and their `After` forms), shown
  /// relative to `/databases/(default)/documents/`, wildcards written `{name}`.
  public var documents: [String] = []
  /// The condition reads `request.resource` (null on delete).
  public var requestResource = false
  /// The condition reads `resource` (null on a new object's create).
  public var resource = false

  public init() {}

  /// Adds what `other` reads.
  mutating func formUnion(_ other: AllowReads) {
    time = time || other.time
    requestResource = requestResource || other.requestResource
    resource = resource || other.resource
    for document in other.documents where !documents.contains(document) { documents.append(document) }
  }
}
