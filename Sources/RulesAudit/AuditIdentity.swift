import RulesEvaluator

/// A constant a condition compares a token field with.
public enum ClaimValue: Sendable, Hashable {
  case string(String)
  case bool(Bool)
  case int(Int64)
  case float(Double)

  /// The value as the rules see it.
  var value: Value {
    switch self {
    case .string(let text): .string(text)
    case .bool(let flag): .bool(flag)
    case .int(let number): .int(number)
    case .float(let number): .float(number)
    }
  }

  /// The constant in rules syntax: `'editor'`, `true`, `3`.
  public var text: String {
    switch self {
    case .string(let text): "'" + text + "'"
    case .bool(let flag): flag ? "true" : "false"
    case .int(let number): String(number)
    case .float(let number): String(number)
    }
  }
}

/// Who makes a probe request.
///
/// Every probe path is an instance owned by user A (`alice`): each wildcard is A's uid. B
/// (`bob`) is a stranger to those paths. Token claims the rules compare with constants are set,
/// one at a time, on a third user C (`carol`), also a stranger, so that "users whose token has
/// admin == true" can be told apart from the owner.
public enum AuditIdentity: Sendable, Hashable, Comparable {
  /// Not signed in: `request.auth` is null.
  case anonymous
  /// User A, whose uid every wildcard of the probe path holds.
  case owner
  /// User B, a stranger to A's paths.
  case stranger
  /// User A with `email` and `email_verified == true` in the token.
  case verifiedOwner
  /// User C (a stranger) whose token has `field` (dotted, e.g. `firebase.sign_in_provider`)
  /// set to `value`, and nothing else.
  case claim(field: String, value: ClaimValue)
  /// A signed-in user with exactly this uid, which a condition compares with a literal.
  case uid(String)
  /// User C with every claim of these ``claim(field:value:)`` identities (the first value of
  /// each field) and a verified e-mail: conditions that ask for several at once
  /// (`isAdmin() && request.auth.token.email_verified`).
  case privileged([AuditIdentity])

  /// A's uid: the value every wildcard of a probe path holds.
  public static let ownerUID = "alice"
  /// B's uid.
  public static let strangerUID = "bob"
  /// C's uid, the stranger who carries a claim.
  public static let claimUID = "carol"

  /// The identity's `request.auth`, or nil when signed out.
  public var auth: AuthContext? {
    switch self {
    case .anonymous: return nil
    case .owner: return AuthContext(uid: Self.ownerUID)
    case .stranger: return AuthContext(uid: Self.strangerUID)
    case .verifiedOwner:
      return AuthContext(
        uid: Self.ownerUID, token: ["email": .string("alice@example.com"), "email_verified": .bool(true)])
    case .claim(let field, let value):
      return AuthContext(
        uid: Self.claimUID, token: Self.token(field.split(separator: ".").map(String.init), value.value))
    case .uid(let uid): return AuthContext(uid: uid)
    case .privileged(let claims):
      var token: [MapKey: Value] = ["email": .string("carol@example.com"), "email_verified": .bool(true)]
      var seen: Set<String> = []
      for case .claim(let field, let value) in claims where seen.insert(field).inserted {
        token = Self.merged(token, Self.token(field.split(separator: ".").map(String.init), value.value))
      }
      return AuthContext(uid: Self.claimUID, token: token)
    }
  }

  /// `extra` merged into `token`, nested maps merged key by key.
  private static func merged(_ token: [MapKey: Value], _ extra: [MapKey: Value]) -> [MapKey: Value] {
    var result = token
    for (key, value) in extra {
      if case .map(let old)? = result[key], case .map(let new) = value {
        result[key] = .map(merged(old, new))
      } else {
        result[key] = value
      }
    }
    return result
  }

  /// A token holding `value` at the nested `path`.
  private static func token(_ path: [String], _ value: Value) -> [MapKey: Value] {
    guard let first = path.first else { return [:] }
    if path.count == 1 { return [MapKey(first): value] }
    return [MapKey(first): .map(token(Array(path.dropFirst()), value))]
  }

  /// A stable key for JSON and diffs: `anonymous`, `owner`, `stranger`, `verified-owner`,
  /// `claim:admin=true`, `uid:'abc'`.
  public var key: String {
    switch self {
    case .anonymous: "anonymous"
    case .owner: "owner"
    case .stranger: "stranger"
    case .verifiedOwner: "verified-owner"
    case .claim(let field, let value): "claim:\(field)=\(value.text)"
    case .uid(let uid): "uid:'\(uid)'"
    case .privileged: "privileged"
    }
  }

  /// A short row label for tables.
  public var label: String {
    switch self {
    case .anonymous: "anonymous"
    case .owner: "owner (A)"
    case .stranger: "stranger (B)"
    case .verifiedOwner: "A, e-mail verified"
    case .claim(let field, let value): "token.\(field) == \(value.text)"
    case .uid(let uid): "uid '\(uid)'"
    case .privileged: "all claims, verified"
    }
  }

  private var rank: Int {
    switch self {
    case .anonymous: 0
    case .owner: 1
    case .stranger: 2
    case .verifiedOwner: 3
    case .claim: 4
    case .uid: 5
    case .privileged: 6
    }
  }

  public static func < (lhs: AuditIdentity, rhs: AuditIdentity) -> Bool {
    lhs.rank != rhs.rank ? lhs.rank < rhs.rank : lhs.key < rhs.key
  }
}
