import RulesSemantics

extension FieldCatalogue {
  /// The object metadata fields under `prefix` (`resource` or `request.resource`), with the
  /// notes that differ between a stored object and the metadata a write would leave
  /// (decisions.md §11).
  static func objects(_ prefix: String, stored: Bool) -> [FieldDocumentation] {
    let fields = BuiltinCatalogue.fields(of: stored ? .storedObject : .uploadedObject)
    return objectFields.compactMap { field in
      guard let type = fields[field.name] else { return nil }
      let note = stored ? field.storedNote : field.writeNote
      let shown = stored ? field.storedType : field.writeType
      return FieldDocumentation(
        "\(prefix).\(field.name)", shown, type == .unknown ? known(shown) : type,
        field.summary + (note.map { " " + $0 } ?? ""))
    }
  }

  /// The type the IDE reasons with where the checker leaves a field open: the first type the
  /// documentation shows (`map or null` completes as a map).
  private static func known(_ shown: String) -> StaticType {
    let first = shown.split(separator: " ").first.map(String.init) ?? ""
    guard let type = ValueType(rawValue: first), type != .null else { return .unknown }
    return .value(type)
  }

  /// One metadata field: what it is, its type on a stored object and in a write, and notes.
  private struct ObjectField {
    let name: String
    let storedType: String
    let writeType: String
    let summary: String
    let storedNote: String?
    let writeNote: String?

    init(
      _ name: String, _ storedType: String, _ summary: String, upload writeType: String? = nil,
      stored: String? = nil, write: String? = nil
    ) {
      self.name = name
      self.storedType = storedType
      self.writeType = writeType ?? storedType
      self.summary = summary
      self.storedNote = stored
      self.writeNote = write
    }
  }

  private static let objectFields: [ObjectField] = [
    ObjectField("name", "string", "The object's full name (its path without `/b/<bucket>/o/`)."),
    ObjectField("bucket", "string", "The name of the bucket the object is in."),
    ObjectField(
      "generation", "int", "The object's generation (version of its content).", upload: "null",
      write: "Null in `request.resource` on an upload."),
    ObjectField(
      "metageneration", "int", "The generation of the object's metadata.", upload: "null",
      write: "Null in `request.resource` on an upload."),
    ObjectField(
      "size", "int", "The size of the content in bytes.",
      write:
        "On an upload, the size of the new content: limit uploads with `request.resource.size < 5 * 1024 * 1024`."
    ),
    ObjectField(
      "timeCreated", "timestamp", "When the object was created.",
      stored: "`request.resource` has no `timeCreated`: reading it there is an error."),
    ObjectField(
      "updated", "timestamp", "When the object was last changed.",
      stored: "`request.resource` has no `updated`: reading it there is an error."),
    ObjectField(
      "md5Hash", "string", "The MD5 hash of the content, base64-encoded.", upload: "string or null"),
    ObjectField(
      "crc32c", "string", "The CRC32C checksum of the content, base64-encoded.", upload: "string or null"),
    ObjectField(
      "etag", "string", "The entity tag of the object.", upload: "null",
      write: "Null in `request.resource` on an upload."),
    ObjectField(
      "contentDisposition", "string", "The `Content-Disposition` header served with the object.",
      write: "Defaults to `inline; filename*=utf-8''` and the object's last path segment."),
    ObjectField(
      "contentEncoding", "string", "The `Content-Encoding` of the content.", write: "Defaults to `identity`."),
    ObjectField(
      "contentLanguage", "string or null", "The `Content-Language` of the content.",
      write: "Null unless the client sets it."),
    ObjectField(
      "contentType", "string", "The MIME type of the content, such as `image/png`.",
      write:
        "Defaults to `application/octet-stream`; check uploads with `request.resource.contentType.matches('image/.*')`."
    ),
    ObjectField(
      "metadata", "map or null", "The custom metadata: a map of strings set by the client.",
      stored: "Null when the object has none.",
      write: "Null when the client sends none, so `'k' in request.resource.metadata` is then an error."),
    ObjectField(
      "cacheControl", "string or null", "The `Cache-Control` header served with the object.",
      write: "Null unless the client sets it."),
    ObjectField(
      "storageClass", "string or null", "The object's storage class.", write: "Null in `request.resource`."),
  ]
}
