import Foundation
import RulesEvaluator
import StorageBucket

/// What a simulated bucket starts with: its name, its rules, its objects (and the bytes of
/// some), the Firestore documents the rules may read, the signed-in user and the clock.
public struct StorageConfiguration: Sendable {
  /// The bucket, without `gs://` (`my-app.appspot.com`).
  public var bucket: String
  /// Rules without compile errors: decisions on a ruleset with errors mean little.
  public var rules: CompiledRuleset
  public var objects: BucketListing
  /// Object bytes by object path, for downloads; an object not in `objects` is added.
  public var contents: [String: Data]
  public var firestore: FirestoreDocuments
  /// The signed-in user (`request.auth`); nil when signed out.
  public var auth: AuthContext?
  public var clock: StorageClock

  public init(
    bucket: String, rules: CompiledRuleset, objects: BucketListing = BucketListing(),
    contents: [String: Data] = [:], firestore: FirestoreDocuments = FirestoreDocuments(),
    auth: AuthContext? = nil, clock: StorageClock = .system
  ) {
    self.bucket = bucket
    self.rules = rules
    self.objects = objects
    self.contents = contents
    self.firestore = firestore
    self.auth = auth
    self.clock = clock
  }

  /// A fresh storage over this configuration.
  func makeStorage() -> Storage {
    Storage(
      bucket: bucket, rules: rules, objects: objects, contents: contents, firestore: firestore, auth: auth,
      clock: clock)
  }
}
