/// Settings of a ``LanguageServer`` fixed when it starts.
public struct ServerOptions: Sendable {
  /// How long after the last change a document is linted again; open and save lint at once.
  public var debounceMilliseconds: Int
  public var link: DocumentationLink
  public var linter: DocumentLinter
  /// The most bytes one `didChange` may make the server rewrite: each change rewrites the text
  /// and its ``PositionIndex``, so many changes to a large text cost their product. Past it the
  /// server stops following the document (one `too-large` error tells the user).
  public var editBudget: Int

  /// 256 MiB: a thousand edits of a 256 KiB file in one notification (an editor sends one or
  /// a few) while a hostile notification costs a fraction of a second.
  public static let defaultEditBudget = 256 << 20

  public init(
    debounceMilliseconds: Int = 10, link: DocumentationLink = DocumentationLink(base: nil),
    linter: DocumentLinter = DocumentLinter(), editBudget: Int = defaultEditBudget
  ) {
    self.debounceMilliseconds = debounceMilliseconds
    self.link = link
    self.linter = linter
    self.editBudget = editBudget
  }
}
