/// A chain of field reads from a built-in variable or a wildcard, such as `request.auth.uid`
/// or `resource.metadata['owner']`.
public struct AccessPath: Hashable, Sendable, CustomStringConvertible {
  public enum Root: Hashable, Sendable {
    /// `request`, `resource`, or another built-in name.
    case global(String)
    /// A match wildcard, by name.
    case wildcard(String)
  }

  public var root: Root
  /// The fields read, outermost first.
  public var members: [String]

  public init(root: Root, members: [String] = []) {
    self.root = root
    self.members = members
  }

  /// Whether this path is `global.members…` or reads further below it.
  public func starts(with global: String, _ members: String...) -> Bool {
    root == .global(global) && self.members.starts(with: members)
  }

  /// Whether this path is exactly `global.members…`.
  public func equals(_ global: String, _ members: String...) -> Bool {
    root == .global(global) && self.members == members
  }

  public var description: String {
    let base =
      switch root {
      case .global(let name), .wildcard(let name): name
      }
    return ([base] + members).joined(separator: ".")
  }
}

extension AccessPath {
  /// This path without its last field (the path of the expression the last field is read from).
  func droppingLast() -> AccessPath {
    AccessPath(root: root, members: Array(members.dropLast()))
  }
}
