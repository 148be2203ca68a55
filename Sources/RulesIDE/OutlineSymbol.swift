import RulesSyntax

/// What an outline entry is; the server maps these to LSP's `SymbolKind`.
public enum OutlineSymbolKind: String, Sendable, Equatable {
  /// `service firebase.storage { … }`.
  case service
  /// `match /path { … }`.
  case match
  /// `allow methods: if condition;`.
  case allow
  /// `function name(parameters) { … }`.
  case function
}

/// One entry of the document outline, with its children.
public struct OutlineSymbol: Sendable, Equatable {
  /// The pattern of a match, the methods of an allow, the name and parameters of a function.
  public var name: String
  /// The methods a match allows, an allow's condition (shortened), or nil.
  public var detail: String?
  public var kind: OutlineSymbolKind
  /// The whole statement.
  public var range: SourceRange
  /// The part to select and reveal: the pattern, the methods or the function's name; inside
  /// ``range``.
  public var selectionRange: SourceRange
  public var children: [OutlineSymbol]

  public init(
    name: String, detail: String?, kind: OutlineSymbolKind, range: SourceRange, selectionRange: SourceRange,
    children: [OutlineSymbol] = []
  ) {
    self.name = name
    self.detail = detail
    self.kind = kind
    self.range = range
    self.selectionRange = selectionRange
    self.children = children
  }
}
