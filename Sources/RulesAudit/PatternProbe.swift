import RulesSemantics
import RulesSyntax

/// The representative requests' paths of one match block's full pattern: user A's instance of
/// it (every single-segment wildcard holds A's uid, or an example of the regex a condition
/// tests it with), a recursive wildcard at each depth the
/// version allows, and the folders a `list` of those paths names.
public struct PatternProbe: Sendable, Hashable {
  /// The pattern under `/b/{bucket}/o`, as written: `users/{uid}/{file}`.
  public var pattern: String
  /// The bucket probes use: a literal bucket segment's text, else the default.
  public var bucket: String
  /// Object names to decide get, create, update and delete on.
  public var objects: [String]
  /// Folders to decide list on (`""` is the bucket root).
  public var folders: [String]
  /// Whether the pattern has a wildcard (so that "the owner" and "another user" mean something).
  public var hasWildcard: Bool
  /// Whether a wildcard stands in the folder part (before the last segment): then a
  /// stranger granted on A's instance acts on "another user's" folder, not just on a file name.
  public var hasFolderWildcard: Bool
  /// Whether a folder-part wildcard's name says it holds a user id (``UserWildcard``): then A's
  /// instance is A's own folder, and a stranger granted there acts on "another user's" files.
  public var hasUserFolderWildcard: Bool

  /// The probe of `match`'s full pattern, or nil when it does not start with `/b/{bucket}/o`
  /// (such a block never decides an object request the audit can name).
  init?(
    _ match: ResolvedMatch, version: RulesVersion, defaultBucket: String, examples: [String: String] = [:]
  ) {
    let segments = match.fullPattern
    guard segments.count >= 3, case .literal("b") = segments[0].kind, case .literal("o") = segments[2].kind
    else { return nil }
    switch segments[1].kind {
    case .literal(let name): bucket = name
    case .wildcard: bucket = defaultBucket
    case .recursiveWildcard: return nil
    }
    let rest = segments.dropFirst(3)
    var pattern = ""
    for (position, segment) in zip(rest.indices, rest) {
      if position != rest.startIndex { pattern += "/" }
      Self.appendSpelling(of: segment, to: &pattern)
    }
    self.pattern = pattern
    hasWildcard = rest.contains { $0.variableName != nil }
    hasFolderWildcard = rest.dropLast().contains { $0.variableName != nil }
    hasUserFolderWildcard = rest.dropLast().contains { $0.variableName.map(UserWildcard.names) ?? false }
    guard rest.contains(where: { if case .recursiveWildcard = $0.kind { true } else { false } }) else {
      // One instance, the usual pattern: its object name and folder written out directly.
      var folder = ""
      var name = ""
      for (position, segment) in zip(rest.indices, rest) {
        let text: String
        switch segment.kind {
        case .literal(let literal): text = literal
        case .wildcard(let wildcard): text = examples[wildcard] ?? AuditIdentity.ownerUID
        case .recursiveWildcard: continue
        }
        if position != rest.startIndex {
          // The folder a list names: every segment but the last.
          if position == rest.index(before: rest.endIndex) { folder = name }
          name += "/"
        }
        name += text
      }
      objects = rest.isEmpty ? [] : [name]
      folders = rest.isEmpty ? [] : [folder]
      return
    }
    // Each instance with whether its recursive wildcard (if any) holds zero segments.
    var instances: [(segments: [String], empty: Bool)] = [([], false)]
    for segment in rest {
      switch segment.kind {
      case .literal(let text):
        for index in instances.indices { instances[index].segments.append(text) }
      case .wildcard(let name):
        // A wildcard a condition tests with `matches` holds an example the test admits;
        // the others hold the owner's uid.
        let value = examples[name] ?? AuditIdentity.ownerUID
        for index in instances.indices { instances[index].segments.append(value) }
      case .recursiveWildcard:
        let owner = AuditIdentity.ownerUID
        let depths: [[String]] =
          version == .v2 ? [[], [owner], [owner, owner]] : [[owner], [owner, owner]]
        instances = instances.flatMap { prefix in depths.map { (prefix.segments + $0, $0.isEmpty) } }
      }
    }
    var objects: [String] = []
    var folders: [String] = []
    for instance in instances where !instance.segments.isEmpty {
      let name = instance.segments.joined(separator: "/")
      if !objects.contains(name) { objects.append(name) }
      // The folder a list names is the pattern's own: the zero-segment instance of a
      // recursive wildcard would list the folder above it.
      let folder = instance.segments.dropLast().joined(separator: "/")
      if !instance.empty, !folders.contains(folder) { folders.append(folder) }
    }
    self.objects = objects
    self.folders = folders
  }

  /// Hashes the pattern and the bucket only: equal probes have equal ones, and a probe's
  /// object names and folders follow from them (blocks are grouped by probe, and hashing every
  /// object name and folder each time cost more than telling them apart).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(pattern)
    hasher.combine(bucket)
  }

  /// A probe with the given parts (for tests and merged plans).
  public init(
    pattern: String, bucket: String, objects: [String], folders: [String], hasWildcard: Bool,
    hasFolderWildcard: Bool, hasUserFolderWildcard: Bool = false
  ) {
    self.pattern = pattern
    self.bucket = bucket
    self.objects = objects
    self.folders = folders
    self.hasWildcard = hasWildcard
    self.hasFolderWildcard = hasFolderWildcard
    self.hasUserFolderWildcard = hasUserFolderWildcard
  }

  /// Appends how `segment` is written in ``pattern``: `users`, `{uid}`, `{path=**}`.
  private static func appendSpelling(of segment: PathSegment, to text: inout String) {
    switch segment.kind {
    case .literal(let literal): text += literal
    case .wildcard(let name):
      text += "{"
      text += name
      text += "}"
    case .recursiveWildcard(let name):
      text += "{"
      text += name
      text += "=**}"
    }
  }
}
