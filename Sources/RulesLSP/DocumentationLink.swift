import RulesSyntax

/// Where a diagnostic's documentation is: the section of `docs/rules.md` for its code, which
/// `rulescheck explain CODE` prints too.
///
/// The base is the address of `rules.md` (`--docs-url`, else the copy beside the binary); the
/// fragment is the section heading's GitHub anchor (`## RC301 allow-if-true` →
/// `#rc301-allow-if-true`). Without a base, diagnostics carry no `codeDescription`.
public struct DocumentationLink: Sendable, Equatable {
  public var base: String?

  public init(base: String?) {
    self.base = base
  }

  /// The link for `id`, or nil without a base.
  public func href(for id: DiagnosticID) -> String? {
    guard let base, !base.isEmpty else { return nil }
    return base + "#" + (id.code + "-" + id.name).lowercased()
  }
}
