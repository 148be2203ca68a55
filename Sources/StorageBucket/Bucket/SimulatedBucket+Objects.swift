import RulesEvaluator

/// What an object operation did: the rules' decision and the object's metadata or the error.
public struct ObjectOutcome: Sendable {
  /// The rules' decision; nil when the path was refused before the rules were asked.
  public var decision: Decision?
  /// The object's complete metadata (Firebase field names): as stored after an upload or an
  /// update, as it was before a delete.
  public var result: Result<[String: Value], BucketError>
}

extension SimulatedBucket {
  /// Reads an object's metadata: `get`, with `resource` the stored object or null; allowed on
  /// a missing object is `objectNotFound` (rules first, then existence).
  public func getMetadata(_ object: String, auth: AuthContext?, time: Timestamp) -> ObjectOutcome {
    let name = StoragePath.normalize(object)
    if let refusal = Self.refusal(name, operation: "getMetadata") { return refusal }
    let stored = stored(name, time: time)
    let request = Request(
      method: .get, bucket: self.name, path: name, auth: auth, resource: stored, time: time)
    let (decision, denial) = decide(request)
    if let denial { return ObjectOutcome(decision: decision, result: .failure(denial)) }
    guard let stored else {
      return ObjectOutcome(decision: decision, result: .failure(.objectNotFound(object: name)))
    }
    return ObjectOutcome(decision: decision, result: .success(stored))
  }

  /// Uploads `bytes`: a `create` even over an existing object, which is then `resource`
  /// (decisions.md §9); `request.resource` has production's upload defaults, `size`, and the
  /// `md5Hash` and `crc32c` of `bytes` (standard base64, the CRC big-endian as GCS writes it).
  /// `metadata` gives `contentType`, `cacheControl`, `metadata`, … (Firebase names).
  public mutating func upload(
    _ object: String, bytes: [UInt8], metadata: [String: Value] = [:], auth: AuthContext?, time: Timestamp
  ) -> ObjectOutcome {
    let name = StoragePath.normalize(object)
    if let refusal = Self.refusal(name, operation: "putData") { return refusal }
    let existing = stored(name, time: time)
    var given = metadata
    for (key, value) in Self.checksums(bytes) { given[key] = value }
    let upload = ObjectMetadata.upload(name: name, bucket: self.name, given: given)
    let request = Request(
      method: .create, bucket: self.name, path: name, auth: auth, resource: existing, requestResource: upload,
      time: time)
    let (decision, denial) = decide(request)
    if let denial { return ObjectOutcome(decision: decision, result: .failure(denial)) }
    var fields = upload
    var generation: Int64 = 1
    if case .int(let old)? = existing?["generation"] { generation = old &+ 1 }
    fields["generation"] = .int(generation)
    fields["metageneration"] = .int(1)
    fields["timeCreated"] = .timestamp(time)
    fields["updated"] = .timestamp(time)
    fields["storageClass"] = .string("STANDARD")
    fields["etag"] = Self.etag(generation: generation, metageneration: 1)
    objects.insert(BucketListing.Object(name: ObjectName(name), metadata: fields, contents: bytes))
    return ObjectOutcome(decision: decision, result: .success(fields))
  }

  /// Changes an object's metadata: `update`, `request.resource` the stored metadata with the
  /// patch `changes` applied (``ObjectMetadata/updated(stored:changes:)``: `.null` clears a
  /// field or a custom key, custom keys are merged, read-only fields are ignored); refused
  /// (403) for a missing object whatever the rules say. Allowed, the object keeps the result
  /// with `metageneration` + 1, `updated` the request time and a new `etag`.
  public mutating func updateMetadata(
    _ object: String, changes: [String: Value], auth: AuthContext?, time: Timestamp
  ) -> ObjectOutcome {
    let name = StoragePath.normalize(object)
    if let refusal = Self.refusal(name, operation: "updateMetadata") { return refusal }
    let stored = stored(name, time: time)
    let updated = stored.map { ObjectMetadata.updated(stored: $0, changes: changes) }
    let request = Request(
      method: .update, bucket: self.name, path: name, auth: auth, resource: stored, requestResource: updated,
      time: time)
    let (decision, denial) = decide(request)
    if let denial { return ObjectOutcome(decision: decision, result: .failure(denial)) }
    guard let stored, var fields = updated else {
      return ObjectOutcome(decision: decision, result: .failure(.objectNotFound(object: name)))
    }
    var metageneration: Int64 = 2
    if case .int(let old)? = stored["metageneration"] { metageneration = old &+ 1 }
    var generation: Int64 = 1
    if case .int(let value)? = stored["generation"] { generation = value }
    fields["timeCreated"] = stored["timeCreated"]
    fields["updated"] = .timestamp(time)
    fields["metageneration"] = .int(metageneration)
    fields["etag"] = Self.etag(generation: generation, metageneration: metageneration)
    let contents = objects.object(named: ObjectName(name))?.contents
    objects.insert(BucketListing.Object(name: ObjectName(name), metadata: fields, contents: contents))
    return ObjectOutcome(decision: decision, result: .success(fields))
  }

  /// Deletes an object: `delete`, `resource` the stored object; allowed on a missing object
  /// is `objectNotFound`.
  public mutating func delete(_ object: String, auth: AuthContext?, time: Timestamp) -> ObjectOutcome {
    let name = StoragePath.normalize(object)
    if let refusal = Self.refusal(name, operation: "delete") { return refusal }
    let stored = stored(name, time: time)
    let request = Request(
      method: .delete, bucket: self.name, path: name, auth: auth, resource: stored, time: time)
    let (decision, denial) = decide(request)
    if let denial { return ObjectOutcome(decision: decision, result: .failure(denial)) }
    guard let stored else {
      return ObjectOutcome(decision: decision, result: .failure(.objectNotFound(object: name)))
    }
    objects.remove(ObjectName(name))
    return ObjectOutcome(decision: decision, result: .success(stored))
  }

  /// The stored object's bytes, when the bucket has them; no rules are asked.
  public func contents(of object: String) -> [UInt8]? {
    objects.object(named: ObjectName(StoragePath.normalize(object)))?.contents
  }

  /// Gives the object `object` the bytes `contents` without asking the rules (setting up a
  /// bucket): its metadata is kept, with `size`, `md5Hash` and `crc32c` those of the bytes; an
  /// object the listing did not have is added.
  public mutating func store(_ object: String, contents: [UInt8]) {
    let name = ObjectName(StoragePath.normalize(object))
    var fields = objects.object(named: name)?.metadata ?? [:]
    for (key, value) in Self.checksums(contents) { fields[key] = value }
    objects.insert(BucketListing.Object(name: name, metadata: fields, contents: contents))
  }

  /// `size`, and the `md5Hash` and `crc32c` of `bytes` (standard base64, the CRC big-endian as
  /// GCS writes it).
  static func checksums(_ bytes: [UInt8]) -> [String: Value] {
    let crc = ObjectChecksums.crc32c(bytes)
    return [
      "size": .int(Int64(bytes.count)),
      "md5Hash": .string(Base64.encode(ObjectChecksums.md5(bytes))),
      "crc32c": .string(Base64.encode([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) })),
    ]
  }

  /// The stored object's complete metadata (production's defaults for what the listing left
  /// out, decisions.md §11), or nil.
  public func stored(_ name: String, time: Timestamp) -> [String: Value]? {
    objects.object(named: ObjectName(name)).map {
      ObjectMetadata.stored(name: name, bucket: self.name, given: $0.metadata ?? [:], time: time)
    }
  }

  /// The decision, and the error a denial answers with.
  private func decide(_ request: Request) -> (Decision, BucketError?) {
    let decision = rules.decide(request, firestore: firestore, detail: .none)
    guard !decision.allowed else { return (decision, nil) }
    let error = BucketError.denied(
      status: decision.error?.status ?? 403, message: decision.error?.message ?? "", bucket: name,
      object: request.path)
    return (decision, error)
  }

  /// The root, or a path outside the limits on references, refused before the rules.
  private static func refusal(_ name: String, operation: String) -> ObjectOutcome? {
    if name.isEmpty {
      return ObjectOutcome(
        decision: nil,
        result: .failure(
          .invalidArgument(
            message: "The operation '\(operation)' cannot be performed on a root reference, "
              + "create a non-root reference using child, such as .child('file.png').")))
    }
    guard let issue = PathIssue.firstError(name) else { return nil }
    return ObjectOutcome(
      decision: nil, result: .failure(.invalidArgument(message: "Invalid object path: \(issue.message).")))
  }

  private static func etag(generation: Int64, metageneration: Int64) -> Value {
    .string(Base64.encode(Array("\(generation)/\(metageneration)".utf8)))
  }
}
