import RulesSemantics
import RulesSyntax

/// One sentence of an audit, as data: who can do what to which pattern, with what limits.
///
/// Renderers turn it into text ("anyone can get and list `public/{file}`"); lint rules read
/// its fields.
public struct AccessStatement: Sendable, Hashable {
  public enum Subject: Sendable, Hashable {
    /// Signed out or in: anonymous requests are granted.
    case anyone
    /// Any signed-in user, strangers to the path included.
    case anySignedInUser
    /// The user whose uid the path's wildcards hold, and no stranger.
    case owner
    /// The owner, only with a verified e-mail.
    case verifiedOwner
    /// Some signed-in users but not others, on a pattern without wildcards.
    case someSignedInUsers
    /// A user whose token has this field set to this constant (and who is a stranger to the path).
    case claim(field: String, value: ClaimValue)
    /// The user with this uid literal.
    case uid(String)
    /// A user with every claim the rules compare (these, as `field == value`) and a verified
    /// e-mail, when no claim alone is granted.
    case privileged([String])
    /// No probe was granted, though an `allow` names the method.
    case nobody
    /// No probe was granted, but the decision depends on something the probe cannot know.
    case undetermined
  }

  /// Why a method is never granted.
  public enum Reason: Sendable, Hashable {
    /// An `allow` names `delete` but its condition reads `request.resource`, null on delete.
    case readsRequestResourceOnDelete
    /// `list` under rules_version 1 is always refused.
    case versionOneList
  }

  public var subject: Subject
  /// The methods, in get, list, create, update, delete order.
  public var methods: [RequestMethod]
  /// The pattern under `/b/{bucket}/o` (empty for a statement about the whole file).
  public var pattern: String
  public var qualifiers: [AccessQualifier]
  public var unknowns: [AccessUnknown]
  public var reasons: [Reason]
  /// A stranger was granted on a pattern with a wildcard in its folder part: on A's instance,
  /// so on every instance.
  public var crossUser: Bool
  /// With ``crossUser``: that wildcard's name says it holds a user id, so A's instance is A's
  /// own folder ("another user's"); otherwise the sentence says "any".
  public var folderHoldsUser: Bool
  /// Whether the subject is the only one granted (false when claims or uids are granted too).
  public var exclusive: Bool
  /// The `allow` statement that granted (nil for ``Subject/nobody`` and ``Subject/undetermined``).
  public var grant: SourceRange?

  public init(
    subject: Subject, methods: [RequestMethod], pattern: String, qualifiers: [AccessQualifier] = [],
    unknowns: [AccessUnknown] = [], reasons: [Reason] = [], crossUser: Bool = false,
    folderHoldsUser: Bool = true,
    exclusive: Bool = true,
    grant: SourceRange? = nil
  ) {
    self.subject = subject
    self.methods = methods
    self.pattern = pattern
    self.qualifiers = qualifiers
    self.unknowns = unknowns
    self.reasons = reasons
    self.crossUser = crossUser
    self.folderHoldsUser = folderHoldsUser
    self.exclusive = exclusive
    self.grant = grant
  }

  /// Whether the statement says someone is granted.
  public var grants: Bool { subject != .nobody && subject != .undetermined }
}
