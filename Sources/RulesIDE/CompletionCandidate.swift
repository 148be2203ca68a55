import RulesSyntax

/// What a completion candidate names; the server maps these to LSP's `CompletionItemKind`.
public enum CompletionKind: String, Sendable, Equatable, CaseIterable {
  /// A field of `request`, `resource` or a token claim.
  case field
  /// A built-in method, called on a value.
  case method
  /// A built-in or user function.
  case function
  /// A global variable (`request`, `resource`), a `let` binding or a parameter.
  case variable
  /// A match wildcard.
  case wildcard
  /// A namespace such as `math`.
  case namespace
  /// A keyword, an access method or a literal such as `true`.
  case keyword
  /// A type name after `is`.
  case typeName
  /// A value to type, such as `'2'` after `rules_version =`.
  case value
}

/// One completion candidate.
public struct CompletionCandidate: Sendable, Equatable {
  /// The name shown in the list.
  public var label: String
  public var kind: CompletionKind
  /// A short detail: a type or a signature.
  public var detail: String?
  /// A longer explanation, as Markdown.
  public var documentation: String?
  /// The text to insert in place of ``replacementRange``.
  public var insertText: String
  /// A key the client sorts by (more likely candidates sort first).
  public var sortText: String
  /// The range the insertion replaces: the part of the word already typed before the cursor
  /// (empty at the cursor when nothing is typed yet).
  public var replacementRange: SourceRange

  public init(
    label: String, kind: CompletionKind, detail: String? = nil, documentation: String? = nil,
    insertText: String? = nil, sortText: String, replacementRange: SourceRange
  ) {
    self.label = label
    self.kind = kind
    self.detail = detail
    self.documentation = documentation
    self.insertText = insertText ?? label
    self.sortText = sortText
    self.replacementRange = replacementRange
  }
}
