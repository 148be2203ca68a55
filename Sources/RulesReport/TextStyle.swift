import RulesSyntax

/// ANSI styling for terminal text; every method returns its input unchanged when not coloured.
public struct TextStyle: Sendable, Equatable {
  public var colored: Bool

  public init(colored: Bool) {
    self.colored = colored
  }

  private static let reset = "\u{1B}[0m"

  private func wrap(_ text: String, _ code: String) -> String {
    colored && !text.isEmpty ? "\u{1B}[\(code)m\(text)\(Self.reset)" : text
  }

  public func bold(_ text: String) -> String { wrap(text, "1") }

  /// Bold, in the colour of `severity`: red errors, yellow warnings, cyan notes.
  public func severity(_ severity: Severity, _ text: String) -> String {
    switch severity {
    case .error: wrap(text, "1;31")
    case .warning: wrap(text, "1;33")
    case .note: wrap(text, "1;36")
    }
  }
}

extension TextStyle {
  /// The colour decision for a stream: never when `NO_COLOR` is set and not empty; otherwise
  /// as `--color`/`--no-color` say; otherwise always when `FORCE_COLOR` is set to anything
  /// but empty, `0` or `false` (for CI logs that render colour); otherwise only on a terminal
  /// whose `TERM` is not `dumb`.
  public init(explicit: Bool?, isTerminal: Bool, environment: [String: String]) {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    if let explicit {
      self.init(colored: explicit && !noColor)
      return
    }
    let force = environment["FORCE_COLOR"].map { !["", "0", "false"].contains($0) } ?? false
    let dumb = environment["TERM"] == "dumb"
    self.init(colored: !noColor && (force || (isTerminal && !dumb)))
  }
}
