import ArgumentParser
import RulesEvaluator

/// Who makes a request, when, and the Firestore documents it may read: the flags `simulate` and
/// `list` share.
struct RequesterOptions: ParsableArguments {
  @Option(
    help: "The signed-in user as JSON: {\"uid\": \"alice\", \"token\": {...}}; absent means signed out.")
  var auth: String?

  @Option(help: "Shortcut for --auth '{\"uid\": UID}'.")
  var uid: String?

  @Option(help: "The request time, RFC 3339 (default: now).")
  var time: String?

  @Option(help: "Firestore documents by path, as a JSON file.")
  var firestore: String?

  func validate() throws {
    if auth != nil && uid != nil { throw ValidationError("give --auth or --uid, not both") }
    if let time, RFC3339.parse(time) == nil {
      throw ValidationError("--time is not an RFC 3339 timestamp: \(time)")
    }
  }

  /// The signed-in user, or nil when signed out; malformed `--auth` JSON ends the run (exit 2).
  func user() -> AuthContext? {
    if let uid { return AuthContext(uid: uid) }
    guard let auth else { return nil }
    return SimulationInput.decode("--auth") { json throws(RequestInputError) in try RequestInput.auth(json) }(
      auth)
  }

  /// `--time`, if given (validated already).
  var requestTime: Timestamp? { time.flatMap(RFC3339.parse) }

  /// The `--firestore` fixture, or no documents.
  func documents() -> FirestoreDocuments {
    firestore.map(SimulationInput.loadFirestore) ?? FirestoreDocuments()
  }

  /// These flags as command-line words, for printing a command to run next.
  var words: [String] {
    var words: [String] = []
    if let uid { words += ["--uid", uid] }
    if let auth { words += ["--auth", auth] }
    if let time { words += ["--time", time] }
    if let firestore { words += ["--firestore", firestore] }
    return words
  }
}
