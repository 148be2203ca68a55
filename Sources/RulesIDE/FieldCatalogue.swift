import RulesSemantics

/// The documentation of every field under `request` and `resource` (decisions.md §10–11,
/// rules-language.md §7), the standard `request.auth.token` claims, and a Firestore document.
///
/// Types follow ``BuiltinCatalogue/fields(of:)``; a test checks that every field the catalogue
/// knows is documented here, under every path that leads to its record.
enum FieldCatalogue {
  /// Every documented path, by path.
  static let byPath: [String: FieldDocumentation] = Dictionary(
    (roots + request + auth + objects("resource", stored: true) + objects("request.resource", stored: false)
      + document).map { ($0.path, $0) }
  ) { first, _ in first }

  /// The documented fields of the value at `path`, by name order.
  static let childrenByParent: [String: [FieldDocumentation]] = Dictionary(
    grouping: byPath.values.filter { !$0.parent.isEmpty }, by: \.parent
  ).mapValues { $0.sorted { $0.name < $1.name } }

  /// The path that stands for the result of `firestore.get(…)`.
  static let firestoreDocumentPath = "firestore.get()"

  private static let roots: [FieldDocumentation] = [
    FieldDocumentation(
      "request", "map", .record(.request, nullable: false),
      "The incoming request: who makes it (`auth`), on which object (`path`), when (`time`) and, for an "
        + "upload or a metadata update, the object's new metadata (`resource`)."),
    FieldDocumentation(
      "resource", "map or null", .record(.storedObject, nullable: true),
      "The metadata of the object as stored now. Null when the object does not exist (a `get` of a "
        + "missing object, a `create` of a new name) and during a `list`; reading a field of null is an "
        + "error, so check `resource == null` first where it can be missing."),
  ]

  private static let request: [FieldDocumentation] = [
    FieldDocumentation(
      "request.auth", "map or null", .record(.auth, nullable: true),
      "The signed-in user: `uid` and the ID token's claims in `token`. Null when the request is not "
        + "authenticated, so `request.auth.uid` is an error then: test `request.auth != null` first."),
    FieldDocumentation(
      "request.path", "path", .value(.path),
      "The whole path of the request, `/b/<bucket>/o/<object name>`, so `request.path[0] == 'b'`. For a "
        + "list it is the folder's path."),
    FieldDocumentation(
      "request.time", "timestamp", .value(.timestamp),
      "When the request is evaluated (server time). Compare it with `resource.timeCreated` or "
        + "`timestamp.date(…)`, or add a `duration`."),
    FieldDocumentation(
      "request.resource", "map or null", .record(.uploadedObject, nullable: true),
      "The object's metadata as the request would leave it: the new object's on an upload (`create`, "
        + "overwrites included), the stored metadata with the changes applied on an `update`. Null for "
        + "`get`, `list` and `delete`. It has no `timeCreated` and no `updated` key."),
    FieldDocumentation(
      "request.params", "map", .value(.map),
      "The request's query parameters as a map of strings; empty for the standard Storage operations."),
    FieldDocumentation(
      "request.method", "string", .string,
      "The method as a string (`get`, `list`, `create`, `update`, `delete`); the Storage reference "
        + "does not list it, prefer `allow` methods."),
  ]

  private static let auth: [FieldDocumentation] = [
    FieldDocumentation(
      "request.auth.uid", "string", .string,
      "The user's ID (Firebase Authentication UID). An error when `request.auth` is null."),
    FieldDocumentation(
      "request.auth.token", "map", .record(.token, nullable: false),
      "The claims of the user's ID token: the standard ones below and any custom claims set with the "
        + "Admin SDK. Reading a claim the token does not have is an error; use "
        + "`request.auth.token.get('claim', default)` for optional ones."),
    claim("email", "string", .string, "The user's email address, if the account has one."),
    claim(
      "email_verified", "bool", .bool,
      "Whether the user has verified the email address (true for some providers such as Google)."),
    claim("phone_number", "string", .string, "The user's phone number, if the account has one."),
    claim("name", "string", .string, "The user's display name, if set."),
    claim(
      "sub", "string", .string, "The user's UID, as the token's subject; the same as `request.auth.uid`."),
    claim(
      "firebase", "map", .value(.map),
      "Firebase's own claims: `identities`, `sign_in_provider` and, with multi-tenancy, `tenant`."),
    claim(
      "firebase.identities", "map", .value(.map),
      "The identities linked to the account: provider (`email`, `phone`, `google.com`, `facebook.com`, "
        + "`github.com`, `twitter.com`) to a list of identifiers."),
    claim(
      "firebase.sign_in_provider", "string", .string,
      "How the user signed in: `custom`, `password`, `phone`, `anonymous`, `google.com`, "
        + "`facebook.com`, `github.com` or `twitter.com`."),
    claim("firebase.tenant", "string", .string, "The tenant ID, when multi-tenancy is used."),
  ]

  private static let document: [FieldDocumentation] = [
    FieldDocumentation(
      "firestore.get().data", "map", .value(.map), "The document's fields."),
    FieldDocumentation("firestore.get().id", "string", .string, "The document's ID (its last path segment)."),
    FieldDocumentation("firestore.get().__name__", "path", .value(.path), "The document's full path."),
  ]

  private static func claim(
    _ name: String, _ shown: String, _ type: StaticType, _ summary: String
  ) -> FieldDocumentation {
    FieldDocumentation("request.auth.token.\(name)", shown, type, summary + " A standard ID-token claim.")
  }
}
