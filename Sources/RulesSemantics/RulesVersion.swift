import RulesSyntax

/// The rules language version a file is evaluated with.
public enum RulesVersion: Int, Sendable, Codable, Comparable {
  case v1 = 1
  case v2 = 2

  public static func < (lhs: RulesVersion, rhs: RulesVersion) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The five methods a Storage request can have.
public enum RequestMethod: String, Sendable, Codable, CaseIterable, Hashable {
  case get, list, create, update, delete

  /// Hashes the case's position, not its name (what a raw-value enum hashes by default): sets
  /// of methods are built, intersected and compared for every statement.
  public func hash(into hasher: inout Hasher) {
    let position: UInt8 =
      switch self {
      case .get: 0
      case .list: 1
      case .create: 2
      case .update: 3
      case .delete: 4
      }
    hasher.combine(position)
  }
}

extension AccessMethod {
  /// The request methods this `allow` method grants under `version`: version 2 `read` is
  /// `get` and `list`, version 1 `read` is `get` only; `write` is `create`, `update` and
  /// `delete` in both.
  public func requestMethods(in version: RulesVersion) -> RequestMethods {
    switch self {
    case .read: version == .v2 ? [.get, .list] : [.get]
    case .write: [.create, .update, .delete]
    case .get: [.get]
    case .list: [.list]
    case .create: [.create]
    case .update: [.update]
    case .delete: [.delete]
    }
  }
}

extension RequestMethods {
  /// The request methods an `allow` naming `names` grants under `version`; a name that is no
  /// method grants nothing.
  public init(granted names: [MethodName], in version: RulesVersion) {
    self.init()
    for name in names {
      if let method = name.method { formUnion(method.requestMethods(in: version)) }
    }
  }
}
