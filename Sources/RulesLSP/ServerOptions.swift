/// Settings of a ``LanguageServer`` fixed when it starts.
public struct ServerOptions: Sendable {
  /// How long after the last change a document is linted again; open and save lint at once.
  public var debounceMilliseconds: Int
  public var link: DocumentationLink
  public var linter: DocumentLinter

  public init(
    debounceMilliseconds: Int = 150, link: DocumentationLink = DocumentationLink(base: nil),
    linter: DocumentLinter = DocumentLinter()
  ) {
    self.debounceMilliseconds = debounceMilliseconds
    self.link = link
    self.linter = linter
  }
}
