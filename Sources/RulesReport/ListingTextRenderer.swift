import StorageBucket

/// Renders a listed page like a directory listing: a headline with the folder's `gs://` URL
/// and counts, folders (with a trailing `/`) then objects, relative to the listed folder, and
/// when more remain the next page token and the command that fetches the next page.
public struct ListingTextRenderer: Sendable {
  public var style: TextStyle

  public init(style: TextStyle = TextStyle(colored: false)) {
    self.style = style
  }

  /// The page of `outcome` (which must have listed) in `bucket`; `continuation` is the
  /// command line that repeats this list, to which `--page-token TOKEN` is added.
  public func render(
    _ outcome: ListOutcome, bucket: String, all: Bool = false, continuation: [String] = []
  ) -> String {
    let page = (try? outcome.result.get()) ?? ListPage()
    let folder = outcome.folder.isEmpty ? "" : outcome.folder + "/"
    var counts: [String] = []
    counts.append(Self.count(page.prefixes.count, "folder"))
    counts.append(Self.count(page.items.count, "object"))
    let scope = all ? " (all pages)" : ""
    var lines = [
      "\(style.bold("listed")) gs://\(bucket)/\(folder)\(scope): " + counts.joined(separator: ", ")
    ]
    for prefix in page.prefixes { lines.append("  " + style.bold(Self.relative(prefix, to: folder) + "/")) }
    for item in page.items { lines.append("  " + Self.relative(item, to: folder)) }
    if let token = page.nextPageToken {
      lines.append("more entries remain; next page token: \(token)")
      if !continuation.isEmpty {
        lines.append("continue with:")
        lines.append(
          "  " + (continuation + ["--page-token", token]).map(Self.shellQuoted).joined(separator: " "))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }

  /// `path` without the leading `folder` (which ends with `/`, or is empty at the root).
  private static func relative(_ path: String, to folder: String) -> String {
    guard path.utf8.starts(with: folder.utf8) else { return path }
    return String(decoding: path.utf8.dropFirst(folder.utf8.count), as: UTF8.self)
  }

  /// `word` as a POSIX shell reads it back: bare when it is only safe characters, else in
  /// single quotes.
  static func shellQuoted(_ word: String) -> String {
    let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-".utf8)
    if !word.isEmpty && word.utf8.allSatisfy(safe.contains) { return word }
    return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
