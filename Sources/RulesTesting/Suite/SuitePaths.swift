/// `/`-separated paths as users give them, joined and tidied without touching the disk.
enum SuitePaths {
  /// The folder of `path`: "" (the working directory) for a bare file name, and for a suite
  /// read from standard input or a pipe (`<stdin>`, `/dev/stdin`, `/dev/fd/63` from `<(...)`,
  /// `/proc/self/fd/3`), whose folder holds no files of the user's.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    let folder = slash == path.startIndex ? "/" : String(path[..<slash])
    let parts = folder.split(separator: "/")
    let isDescriptors = parts.count == 3 && parts[0] == "proc" && parts[2] == "fd"
    return folder == "/dev" || folder == "/dev/fd" || isDescriptors ? "" : folder
  }

  /// `name` relative to `folder` (an absolute `name` stands alone), with `.` and `a/..`
  /// segments removed.
  static func join(_ folder: String, _ name: String) -> String {
    let combined = name.hasPrefix("/") || folder.isEmpty ? name : folder + "/" + name
    let absolute = combined.hasPrefix("/")
    var segments: [Substring] = []
    for segment in combined.split(separator: "/", omittingEmptySubsequences: true) {
      if segment == "." { continue }
      if segment == "..", let last = segments.last, last != ".." {
        segments.removeLast()
        continue
      }
      if segment == "..", absolute, segments.isEmpty { continue }
      segments.append(segment)
    }
    let joined = segments.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}
