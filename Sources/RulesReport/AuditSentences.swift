import RulesAudit
import RulesSemantics

/// The words of an audit: statements, changes, qualifiers and unknowns as English.
public enum AuditSentences {
  /// `a`, `a and b`, `a, b and c`.
  static func list(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
  }

  /// `get`, `get and list`, `create, update and delete`.
  static func verbs(_ methods: [RequestMethod]) -> String {
    let words = methods.map(\.rawValue)
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
  }

  /// One qualifier: `new objects only`, `under 5 MiB`, `images`, `content types a, b`.
  static func qualifier(_ qualifier: AccessQualifier) -> String {
    switch qualifier {
    case .onlyNewObjects: return "new objects only, no overwrites"
    case .onlyOverwrites: return "overwrites of existing objects only"
    case .sizeAtMost(let bytes):
      // `< 5 MiB` finds 5 MiB - 1 allowed, `<= 5 MiB` finds 5 MiB: say each as written.
      if bytes >= 1024 && bytes % 1024 == 0 { return "at most " + size(bytes) }
      return bytes < Int64.max ? "under " + size(bytes + 1) : "any size"
    case .sizeAtLeast(let bytes): return bytes == 1 ? "not empty" : "at least " + size(bytes)
    case .contentTypes(let types):
      // Whole media types by name when every allowed type stands for one (`image/*`); a type
      // the rules name (`image/png`) is said as it is.
      let names = ["image/*": "images", "video/*": "videos", "audio/*": "audio"]
      if types.allSatisfy({ names[$0] != nil }) {
        return list(types.compactMap { names[$0] })
      }
      return "content type " + types.joined(separator: ", ")
    case .overwritesDespiteNoUpdate:
      return "overwrites of existing objects too: an upload over an existing name is a create, not an update"
    case .someDepths: return "at some depths only"
    case .someRequests: return "for some requests only"
    }
  }

  /// `5 MiB`, `1 KiB`, or `1000 bytes` when not a whole number of KiB.
  static func size(_ bytes: Int64) -> String {
    let mebibyte: Int64 = 1024 * 1024
    if bytes >= mebibyte && bytes % mebibyte == 0 { return "\(bytes / mebibyte) MiB" }
    if bytes >= 1024 && bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
  }

  /// `depends on firestore document users/{uid}`, `depends on the time`.
  static func unknown(_ unknown: AccessUnknown) -> String {
    switch unknown {
    case .firestoreDocument(let path): "depends on firestore document \(path)"
    case .time: "depends on the time"
    }
  }

  /// The unknowns of a statement in one clause: `depends on firestore documents users/{uid},
  /// teams/{team} and the time`.
  static func unknowns(_ unknowns: [AccessUnknown]) -> String {
    var documents: [String] = []
    var time = false
    for unknown in unknowns {
      switch unknown {
      case .firestoreDocument(let path): documents.append(path)
      case .time: time = true
      }
    }
    var parts: [String] = []
    if !documents.isEmpty {
      parts.append(
        (documents.count == 1 ? "firestore document " : "firestore documents ")
          + documents.joined(separator: ", "))
    }
    if time { parts.append("the time") }
    return "depends on " + parts.joined(separator: " and ")
  }

  /// The subject of a statement.
  static func subject(_ statement: AccessStatement) -> String {
    switch statement.subject {
    case .anyone: "anyone"
    case .anySignedInUser: "any signed-in user"
    case .owner: statement.exclusive ? "only the owner" : "the owner"
    case .verifiedOwner:
      statement.exclusive ? "only the owner with a verified e-mail" : "the owner with a verified e-mail"
    case .someSignedInUsers: "only some signed-in users"
    case .claim(let field, let value): "users whose token has \(field) == \(value.text)"
    case .uid(let uid): "only uid '\(uid)'"
    case .privileged(let claims):
      "users whose token has \(claims.joined(separator: ", ")) and a verified e-mail"
    case .nobody: "nobody"
    case .undetermined: "who"
    }
  }

  /// The statement as one sentence, without its source line, e.g. "only the owner can create
  /// `avatars/{uid}/{file}` (images, under 5 MiB)".
  public static func text(_ statement: AccessStatement) -> String {
    let target: String
    if statement.pattern.isEmpty {
      target = ""
    } else if statement.crossUser {
      target =
        statement.folderHoldsUser ? " another user's `\(statement.pattern)`" : " any `\(statement.pattern)`"
    } else {
      target = " `\(statement.pattern)`"
    }
    if statement.pattern.isEmpty && statement.reasons == [.versionOneList] {
      return "nobody can list (rules_version 1)"
    }
    var details = statement.qualifiers.map(qualifier)
    for reason in statement.reasons {
      switch reason {
      case .readsRequestResourceOnDelete:
        details.append("the condition reads request.resource, null on delete")
      case .versionOneList: details.append("rules_version 1")
      }
    }
    let sentence: String
    switch statement.subject {
    case .nobody:
      // "ever" only where the rules show why; otherwise it is what every probe found.
      let ever = statement.reasons.isEmpty ? "" : "ever "
      sentence = "nobody can \(ever)\(verbs(statement.methods))\(target)"
    case .undetermined:
      // The unknowns are the whole answer: say them instead of guessing.
      return
        "who can \(verbs(statement.methods))\(target) \(unknowns(statement.unknowns)) (no probe was granted without it)"
    default:
      sentence = "\(subject(statement)) can \(verbs(statement.methods))\(target)"
      if !statement.unknowns.isEmpty { details.append(unknowns(statement.unknowns)) }
    }
    return details.isEmpty ? sentence : sentence + " (" + details.joined(separator: "; ") + ")"
  }

  /// The identities of a change: `anyone`, `anonymous users and signed-in strangers`.
  static func who(_ identities: [AuditIdentity]) -> String {
    if identities.contains(.owner) && identities.contains(.stranger) {
      return identities.contains(.anonymous) ? "anyone" : "any signed-in user"
    }
    let words = identities.map { identity in
      switch identity {
      case .anonymous: "anonymous users"
      case .owner: "the owner"
      case .stranger: "signed-in strangers"
      case .verifiedOwner: "the owner with a verified e-mail"
      case .claim(let field, let value): "users whose token has \(field) == \(value.text)"
      case .uid(let uid): "uid '\(uid)'"
      case .privileged: "users with every claim the rules compare and a verified e-mail"
      }
    }
    guard words.count > 1 else { return words.first ?? "nobody" }
    return words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
  }

  /// "this change lets anonymous users list `public/{file}`", "this change stops …".
  public static func text(_ change: AccessDiff.Change) -> String {
    let target = "`\(change.pattern)`"
    var sentence: String
    switch change.direction {
    case .widened where change.partial:
      sentence = "this change lets \(who(change.identities)) \(verbs(change.methods)) \(target) in more cases"
    case .widened: sentence = "this change lets \(who(change.identities)) \(verbs(change.methods)) \(target)"
    case .narrowed where change.partial:
      sentence =
        "this change lets \(who(change.identities)) \(verbs(change.methods)) \(target) in fewer cases"
    case .narrowed:
      sentence = "this change no longer lets \(who(change.identities)) \(verbs(change.methods)) \(target)"
    }
    let details = change.qualifiers.map(qualifier)
    if !details.isEmpty {
      sentence += " (" + (change.partial ? "now: " : "") + details.joined(separator: "; ") + ")"
    }
    return sentence
  }
}
