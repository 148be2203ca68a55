import RulesSemantics
import RulesSyntax

/// What the keywords and the `allow` methods mean, worded for the document's version.
enum KeywordDocumentation {
  /// Hover text for a keyword, or nil for a word that is not one.
  static func markdown(keyword: String, version: RulesVersion) -> String? {
    switch keyword {
    case "allow":
      return "`allow methods: if condition;` grants the methods when the condition is `true` (with no "
        + "condition, always). Only `allow` statements written directly in a matching `match` count; any "
        + "one that grants is enough. " + methodList(version)
    case "match":
      return "`match /path { … }` applies its `allow` statements to the objects whose path matches; a "
        + "nested `match` appends its path to the enclosing ones. `{name}` matches one segment and binds "
        + "a string, `{name=**}` matches "
        + (version == .v2 ? "zero or more segments, anywhere" : "one or more segments, last only")
        + " and binds a path."
    case "function":
      return "`function name(parameters) { let …; return expression; }` declares a function visible in "
        + "the block it is declared in and the blocks inside it. At most 7 parameters, no recursion, "
        + "call depth 20."
    case "let":
      return "`let name = expression;` binds a name inside a function body"
        + (version == .v2 ? "" : " (**version 2 only**: an error in this version 1 file)")
        + ". At most 10 per function; a binding is evaluated only when read."
    case "return": return "`return expression;` ends a function body with its value; a body has exactly one."
    case "if":
      return "`if` introduces an `allow` statement's condition, which must evaluate to `true` to grant."
    case "service":
      return "`service firebase.storage { … }` holds the Cloud Storage rules; its `match` blocks start "
        + "with `match /b/{bucket}/o`."
    case "rules_version", "syntax":
      return "`rules_version = '2';` selects the language version (no statement: version 1). Version 2 adds "
        + "`list`, `let`, and recursive wildcards that match zero segments anywhere in a path. This file "
        + "uses version \(version.rawValue)."
    case "is":
      return
        "`value is type` tests a value's type: `bool int float number string bytes list map set path timestamp duration latlng`."
    case "in": return "`key in map`, `element in list` or `element in set`: membership."
    case "true", "false": return "A bool literal."
    case "null": return "The null value; `resource` and `request.resource` are null when there is no object."
    default:
      guard let method = AccessMethod(rawValue: keyword) else { return nil }
      return markdown(method: method, version: version)
    }
  }

  /// Hover text for an `allow` method under `version`.
  static func markdown(method: AccessMethod, version: RulesVersion) -> String {
    let covered = method.requestMethods(in: version).map(\.rawValue).sorted().joined(separator: ", ")
    let detail: String
    switch method {
    case .read:
      detail =
        version == .v2
        ? "all reads: downloads and metadata reads (`get`) and listings (`list`)."
        : "downloads and metadata reads (`get`). Under version 1 listing is refused before any rule is read."
    case .write:
      detail = "all writes: uploads (`create`), metadata changes (`update`) and deletes (`delete`)."
    case .get: detail = "reading one object: its content or its metadata."
    case .list:
      detail =
        version == .v2
        ? "listing a folder (`list()`, `listAll()`)."
        : "listing, which version 1 refuses whatever the rules say (`Listing objects in a bucket is disallowed for rules_version = \"1\".`); add `rules_version = '2';`."
    case .create: detail = "every upload, including one that replaces an existing object."
    case .update: detail = "changing the metadata of an existing object (not its content)."
    case .delete: detail = "deleting an object."
    }
    return "`\(method.rawValue)` (version \(version.rawValue)): covers \(covered): \(detail)"
  }

  /// The sentence listing the methods, for `allow`.
  private static func methodList(_ version: RulesVersion) -> String {
    "Methods: `get`, `list`, `create`, `update`, `delete`; `read` is "
      + (version == .v2 ? "`get` and `list`" : "`get` (version 1)")
      + ", `write` is `create`, `update` and `delete`."
  }
}
