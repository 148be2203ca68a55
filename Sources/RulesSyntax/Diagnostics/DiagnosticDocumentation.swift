/// The documentation of one parser or semantic diagnostic: what it means, why it matters, an
/// example that produces it, and its fix.
///
/// Each producer keeps these next to its catalogue of identities (``SyntaxDiagnostics``,
/// `SemanticDiagnostics`); `rulescheck explain RSxxx` and `docs/rules.md` render them, and a
/// test lints every example and checks it reports exactly the marked ranges.
public struct DiagnosticDocumentation: Sendable {
  /// A rules snippet that produces the diagnostic, in the form of the lint rules' examples:
  /// `⟦` and `⟧` mark exactly the ranges reported with this code.
  public enum Example: Sendable, Equatable {
    /// Placed inside `match /b/{bucket}/o { … }` of a file that starts with
    /// `rules_version = '2';`.
    case fragment(String)
    /// A complete rules file.
    case file(String)
    /// No short snippet can show it; the text says why and what produces it.
    case unavailable(String)
  }

  public let id: DiagnosticID
  /// What the diagnostic means: one line, lower-case, no trailing period.
  public let summary: String
  /// Why it matters, what Firebase does with such a file, and what to write instead (Markdown).
  public let rationale: String
  public let example: Example
  /// Whether its findings carry a fix, and whether that keeps the meaning of the rules.
  public let fix: FixSafety

  public init(
    _ id: DiagnosticID, summary: String, rationale: String, example: Example, fix: FixSafety = .none
  ) {
    self.id = id
    self.summary = summary
    self.rationale = rationale
    self.example = example
    self.fix = fix
  }

  public var code: String { id.code }
  public var name: String { id.name }
}
