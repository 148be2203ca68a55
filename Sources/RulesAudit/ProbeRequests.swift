import RulesEvaluator
import RulesSemantics

/// One probe request and the variant it stands for.
struct ProbeRequest {
  var request: Request
  /// The object path index in the pattern's ``PatternProbe/objects`` (or folders, for list).
  var depth: Int
  /// Whether an object already exists (create: an overwrite).
  var exists: Bool
  var size: Int64?
  var contentType: String?
}

/// Builds the probe requests of a method on a pattern for an identity.
struct ProbeRequests {
  let plan: ProbePlan
  let time: Timestamp

  /// The requests deciding `method` on `probe` for `identity`: list on each folder; get and
  /// delete on an existing object; create of a new object and
  /// over an existing one, with each size and content type; update of an existing object
  /// changing nothing or the content type.
  ///
  /// Contract: `stored`, when given, is ``storedObjects(_:)`` of `probe` (a caller asking for
  /// several methods builds it once). The metadata are recipes (``RulesEvaluator/ObjectMetadataRecipe``),
  /// each made once and shared by the requests that carry it, and built only when a rule reads
  /// the whole map.
  func requests(
    _ method: RequestMethod, _ probe: PatternProbe, _ identity: AuditIdentity,
    stored: [ObjectMetadataRecipe]? = nil
  ) -> [ProbeRequest] {
    let auth = identity.auth
    let bucket = probe.bucket
    if method == .list {
      return probe.folders.enumerated().map { index, folder in
        ProbeRequest(
          request: Request(method: .list, bucket: bucket, path: folder, auth: auth, time: time), depth: index,
          exists: false)
      }
    }
    var result: [ProbeRequest] = []
    result.reserveCapacity(count(method, probe))
    let storedObjects = stored ?? storedObjects(probe)
    let customMetadata = metadata()
    for (depth, (name, stored)) in zip(probe.objects, storedObjects).enumerated() {
      func request(
        _ resource: ObjectMetadataRecipe, _ requestResource: ObjectMetadataRecipe = .null
      ) -> Request {
        Request(
          method: method, bucket: bucket, path: name, auth: auth, resource: resource,
          requestResource: requestResource, time: time)
      }
      switch method {
      case .get, .delete:
        result.append(ProbeRequest(request: request(stored), depth: depth, exists: true))
      case .update:
        for type in [nil] + plan.contentTypes.dropFirst().map(Optional.some) {
          let changes: [String: Value] = type.map { ["contentType": .string($0)] } ?? [:]
          let updated = ObjectMetadataRecipe.updated(stored: stored, changes: changes)
          result.append(
            ProbeRequest(request: request(stored, updated), depth: depth, exists: true, contentType: type))
        }
      case .create:
        // The same uploads, of a new object and over the stored one: each sets what it gives
        // (its size, its content type and the custom metadata) over the upload defaults.
        var uploads: [(size: Int64, type: String, metadata: ObjectMetadataRecipe)] = []
        for size in plan.sizes {
          for type in plan.contentTypes {
            var given: [String: Value] = ["size": .int(size), "contentType": .string(type)]
            if let customMetadata { given["metadata"] = customMetadata }
            uploads.append((size, type, .upload(name: name, bucket: bucket, given: given)))
          }
        }
        for exists in [false, true] {
          for (size, type, metadata) in uploads {
            result.append(
              ProbeRequest(
                request: request(exists ? stored : .null, metadata), depth: depth, exists: exists, size: size,
                contentType: type))
          }
        }
      case .list: break
      }
    }
    return result
  }

  /// How many requests ``requests(_:_:_:stored:)`` builds for `method` on `probe` (for any
  /// identity), counted without building them.
  func count(_ method: RequestMethod, _ probe: PatternProbe) -> Int {
    switch method {
    case .list: probe.folders.count
    case .get, .delete: probe.objects.count
    case .update: probe.objects.count * max(1, plan.contentTypes.count)
    case .create: probe.objects.count * plan.sizes.count * plan.contentTypes.count * 2
    }
  }

  /// The metadata of each of `probe`'s objects when stored (``storedFields()``), in order: a
  /// recipe of ``RulesEvaluator/ObjectMetadata/stored(name:bucket:given:time:)``, made once for
  /// every request on the object.
  func storedObjects(_ probe: PatternProbe) -> [ObjectMetadataRecipe] {
    let given = storedFields()
    return probe.objects.map { name in
      ObjectMetadataRecipe.stored(name: name, bucket: probe.bucket, given: given, time: time)
    }
  }

  /// A stored object's fields: the first content type the rules name (else none), size 0 and
  /// the custom metadata the rules read.
  private func storedFields() -> [String: Value] {
    var fields: [String: Value] = [:]
    if plan.contentTypes.count > 1 { fields["contentType"] = .string(plan.contentTypes[1]) }
    if let metadata = metadata() { fields["metadata"] = metadata }
    return fields
  }

  /// Custom metadata holding the owner's uid under every key the rules read; nil when none.
  private func metadata() -> Value? {
    guard !plan.metadataKeys.isEmpty else { return nil }
    var entries: [MapKey: Value] = [:]
    for key in plan.metadataKeys { entries[MapKey(key)] = .string(AuditIdentity.ownerUID) }
    return .map(entries)
  }
}
