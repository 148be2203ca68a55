import StorageBucket

extension StorageError {
  /// The HTTP status domain the SDK's fetcher reports server errors in.
  static let responseErrorDomain = "com.google.HTTPStatus"

  /// The SDK's error for what the simulated bucket answered about `path`: a denial (403) is
  /// `unauthorized`, a missing object (404) `objectNotFound`, the version 1 list refusal (400)
  /// `unknown` with the server's text as `ResponseBody`, each with the server's fields in
  /// `serverError`; the SDK names the root's object `<object-entity-internal-error>`.
  init(_ error: BucketError, path: StoragePath) {
    let object = path.isRoot ? "<object-entity-internal-error>" : path.object
    func server(_ status: Int) -> [String: any Sendable] {
      var fields: [String: any Sendable] = [
        "ResponseErrorCode": status, "ResponseErrorDomain": Self.responseErrorDomain, "bucket": path.bucket,
      ]
      if !path.isRoot { fields["object"] = path.object }
      return fields
    }
    switch error {
    case .unknown(let message):
      var fields = server(400)
      fields["ResponseBody"] = Self.responseBody(status: 400, message: message)
      self = .unknown(message: "Unknown 400 error from backend", serverError: fields)
    case .objectNotFound: self = .objectNotFound(object: object, serverError: server(404))
    case .bucketNotFound(let bucket): self = .bucketNotFound(bucket: bucket)
    case .projectNotFound(let project): self = .projectNotFound(project: project)
    case .quotaExceeded(let bucket): self = .quotaExceeded(bucket: bucket, serverError: server(402))
    case .unauthenticated: self = .unauthenticated(serverError: server(401))
    case .unauthorized: self = .unauthorized(bucket: path.bucket, object: object, serverError: server(403))
    case .retryLimitExceeded: self = .retryLimitExceeded
    case .nonMatchingChecksum: self = .nonMatchingChecksum
    case .downloadSizeExceeded(let total, let maxSize):
      self = .downloadSizeExceeded(total: total, maxSize: maxSize)
    case .cancelled: self = .cancelled
    case .invalidArgument(let message): self = .invalidArgument(message: message)
    case .bucketMismatch(let message): self = .bucketMismatch(message: message)
    case .internalError(let message): self = .internalError(message: message)
    case .pathError(let message): self = .pathError(message: message)
    }
  }

  /// The JSON error body Cloud Storage answers with: `{"error": {"code": …, "message": …}}`.
  static func responseBody(status: Int, message: String) -> String {
    var escaped = ""
    for scalar in message.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return "{\n  \"error\": {\n    \"code\": \(status),\n    \"message\": \"\(escaped)\"\n  }\n}"
  }
}
