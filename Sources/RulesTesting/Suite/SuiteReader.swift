import RulesEvaluator

/// Typed access to suite nodes; every failure names the file, line and column.
struct SuiteReader {
  let file: String

  func error(_ location: SuiteLocation, _ message: String) -> SuiteError {
    SuiteError(file: file, location: location, message: message)
  }

  /// The members of a mapping, refusing keys outside `allowed` and requiring `required`.
  func members(
    _ node: SuiteNode, _ what: String, allowed: [String], required: [String] = []
  ) throws(SuiteError) -> SuiteMembers {
    guard case .mapping(let entries) = node.kind else {
      throw error(node.location, "\(what) must be a mapping, not \(node.kindName)")
    }
    for entry in entries {
      guard allowed.contains(entry.key) else {
        let hint = Self.closest(to: entry.key, in: allowed).map { "; did you mean \"\($0)\"?" } ?? ""
        throw error(
          entry.keyLocation,
          "unknown key \"\(entry.key)\" in \(what)\(hint) (expected \(allowed.joined(separator: ", ")))")
      }
    }
    let members = SuiteMembers(entries: entries)
    for key in required where members[key] == nil {
      throw error(node.location, "\(what) needs \"\(key)\"")
    }
    return members
  }

  /// The entries of a mapping in order.
  func entries(_ node: SuiteNode, _ what: String) throws(SuiteError) -> [SuiteNode.Entry] {
    guard case .mapping(let entries) = node.kind else {
      throw error(node.location, "\(what) must be a mapping, not \(node.kindName)")
    }
    return entries
  }

  func sequence(_ node: SuiteNode, _ what: String) throws(SuiteError) -> [SuiteNode] {
    guard case .sequence(let elements) = node.kind else {
      throw error(node.location, "\(what) must be a list, not \(node.kindName)")
    }
    return elements
  }

  /// Text: any scalar but null, quoted or not (`name: 2024` is the text "2024").
  func string(_ node: SuiteNode, _ what: String) throws(SuiteError) -> String {
    guard case .scalar(let text, _) = node.kind, !node.isNull else {
      throw error(node.location, "\(what) must be text, not \(node.kindName)")
    }
    return text
  }

  func strings(_ node: SuiteNode, _ what: String) throws(SuiteError) -> [String] {
    var values: [String] = []
    for element in try sequence(node, what) { values.append(try string(element, "each of \(what)")) }
    return values
  }

  func bool(_ node: SuiteNode, _ what: String) throws(SuiteError) -> Bool {
    guard case .bool(let value) = node.json else {
      throw error(node.location, "\(what) must be true or false, not \(node.kindName)")
    }
    return value
  }

  func integer(_ node: SuiteNode, _ what: String) throws(SuiteError) -> Int64 {
    guard case .integer(let value) = node.json else {
      throw error(node.location, "\(what) must be an integer, not \(node.kindName)")
    }
    return value
  }

  func timestamp(_ node: SuiteNode, _ what: String) throws(SuiteError) -> Timestamp {
    let text = try string(node, what)
    guard let time = RFC3339.parse(text) else {
      throw error(node.location, "\(what) is not an RFC 3339 timestamp: \"\(text)\"")
    }
    return time
  }

  /// Object metadata (`resource`, `requestResource`, a stored object) with Firebase's field
  /// names, or with `patch` the patch of an update (``RequestInput/patch(_:field:)``); a wrong
  /// field or type is reported where it was written.
  func metadata(_ node: SuiteNode, _ field: String, patch: Bool = false) throws(SuiteError) -> [String: Value]
  {
    if node.isNull { return [:] }
    let entries = try entries(node, field)
    // Read whole; only a wrong field sends the entries one by one, to find where it is.
    let whole = JSONInput.object(entries.map { ($0.key, $0.value.json) })
    if let fields = try?
      (patch ? RequestInput.patch(whole, field: field) : RequestInput.metadata(whole, field: field))
    {
      return fields
    }
    var fields: [String: Value] = [:]
    for entry in entries {
      do {
        let one = JSONInput.object([(entry.key, entry.value.json)])
        fields.merge(
          patch ? try RequestInput.patch(one, field: field) : try RequestInput.metadata(one, field: field)
        ) { $1 }
      } catch {
        var location = entry.value.location
        let known = patch ? ObjectMetadata.updatableKeys : ObjectMetadata.storedKeys
        if !known.contains(entry.key) { location = entry.keyLocation }
        if case .mapping(let custom) = entry.value.kind,
          let bad = custom.first(where: {
            switch $0.value.json {
            case .string: false
            case .null: !patch
            default: true
            }
          })
        {
          location = bad.value.location
        }
        throw self.error(location, error.message)
      }
    }
    return fields
  }

  /// `null` (signed out) or `{uid, token}`.
  func auth(_ node: SuiteNode, _ what: String) throws(SuiteError) -> AuthContext? {
    if case .mapping = node.kind {
      _ = try members(node, what, allowed: ["uid", "token"], required: ["uid"])
    }
    do {
      return try RequestInput.auth(node.json)
    } catch {
      throw self.error(node.location, "\(what): \(error.message)")
    }
  }

  /// The candidate within a small edit distance of `name`, for "did you mean"; swapping two
  /// neighbouring letters counts as one edit.
  static func closest(to name: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
      var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
      for i in 0...a.count { table[i][0] = i }
      for j in 0...b.count { table[0][j] = j }
      for i in stride(from: 1, through: a.count, by: 1) {
        for j in stride(from: 1, through: b.count, by: 1) {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
          }
        }
      }
      return table[a.count][b.count]
    }
    let limit = max(1, min(3, name.count / 3))
    let scored = candidates.map { ($0, distance(Array(name.lowercased()), Array($0.lowercased()))) }
    return scored.filter { $0.1 <= limit }.min { $0.1 < $1.1 }?.0
  }
}
