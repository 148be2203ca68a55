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
  func requests(_ method: RequestMethod, _ probe: PatternProbe, _ identity: AuditIdentity) -> [ProbeRequest] {
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
    for (depth, name) in probe.objects.enumerated() {
      let stored = ObjectMetadata.stored(name: name, bucket: bucket, given: storedFields(), time: time)
      switch method {
      case .get:
        result.append(
          ProbeRequest(
            request: Request(
              method: .get, bucket: bucket, path: name, auth: auth, resource: stored, time: time),
            depth: depth, exists: true))
      case .delete:
        result.append(
          ProbeRequest(
            request: Request(
              method: .delete, bucket: bucket, path: name, auth: auth, resource: stored, time: time),
            depth: depth, exists: true))
      case .update:
        for type in [nil] + plan.contentTypes.dropFirst().map(Optional.some) {
          let changes: [String: Value] = type.map { ["contentType": .string($0)] } ?? [:]
          result.append(
            ProbeRequest(
              request: Request(
                method: .update, bucket: bucket, path: name, auth: auth, resource: stored,
                requestResource: ObjectMetadata.updated(stored: stored, changes: changes), time: time),
              depth: depth, exists: true, contentType: type))
        }
      case .create:
        for exists in [false, true] {
          for size in plan.sizes {
            for type in plan.contentTypes {
              var given: [String: Value] = ["size": .int(size), "contentType": .string(type)]
              if let metadata = metadata() { given["metadata"] = metadata }
              result.append(
                ProbeRequest(
                  request: Request(
                    method: .create, bucket: bucket, path: name, auth: auth, resource: exists ? stored : nil,
                    requestResource: ObjectMetadata.upload(name: name, bucket: bucket, given: given),
                    time: time),
                  depth: depth, exists: exists, size: size, contentType: type))
            }
          }
        }
      case .list: break
      }
    }
    return result
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
