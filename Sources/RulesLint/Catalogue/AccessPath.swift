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

  // The common short forms of the two above, without building an array of the fields asked for.

  /// Whether this path is `global.first` or reads further below it.
  public func starts(with global: String, _ first: String) -> Bool {
    root == .global(global) && members.first == first
  }

  /// Whether this path is `global.first.second` or reads further below it.
  public func starts(with global: String, _ first: String, _ second: String) -> Bool {
    root == .global(global) && members.count >= 2 && members[0] == first && members[1] == second
  }

  /// Whether this path is `global.first.second.third` or reads further below it.
  public func starts(with global: String, _ first: String, _ second: String, _ third: String) -> Bool {
    root == .global(global) && members.count >= 3 && members[0] == first && members[1] == second
      && members[2] == third
  }

  /// Whether this path is exactly `global.first`.
  public func equals(_ global: String, _ first: String) -> Bool {
    root == .global(global) && members.count == 1 && members[0] == first
  }

  /// Whether this path is exactly `global.first.second`.
  public func equals(_ global: String, _ first: String, _ second: String) -> Bool {
    root == .global(global) && members.count == 2 && members[0] == first && members[1] == second
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
