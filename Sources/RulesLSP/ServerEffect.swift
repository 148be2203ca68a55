import RulesReport

/// Something the server asks its driver to do after handling a message.
public enum ServerEffect: Sendable, Equatable {
  /// Write this message to the client.
  case send(JSONValue)
  /// Lint the document at `uri` after `delayMilliseconds` (0: now), off the request thread;
  /// a later request for the same document replaces one still waiting.
  case lint(uri: String, delayMilliseconds: Int)
  /// Write this line to the `--log` file.
  case log(String)
  /// End the process with this status.
  case exit(Int32)
}
