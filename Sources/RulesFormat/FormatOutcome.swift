import RulesSyntax

/// What formatting a rules text gives: the canonical text, or the syntax errors that stopped it.
public enum FormatOutcome: Sendable, Equatable {
  /// The whole formatted text; equal to the input when the input is already canonical.
  case formatted(String)
  /// The parser's errors, in source order; a text with syntax errors is never reformatted.
  case syntaxErrors([Diagnostic])
}
