/// The members of a suite mapping, looked up by key.
///
/// Suite mappings have a handful of keys and none twice (the YAML and JSON readers refuse
/// duplicates), so a scan finds a key sooner than hashing it would.
struct SuiteMembers {
  let entries: [SuiteNode.Entry]

  subscript(key: String) -> SuiteNode.Entry? {
    entries.first { $0.key == key }
  }
}
