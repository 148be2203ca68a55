/// The errors of the simulated bucket's operations, with the Apple-platform SDK's cases and
/// codes (`FIRStorageErrorDomain`) and rulescheck's own wording: messages that name an object
/// quote its full path, as the web SDK and `rulescheck simulate` do (`User does not have
/// permission to access 'files/alice'.`). `StorageSimulator` turns it into the Apple SDK's
/// `StorageError`, with that SDK's messages.
public enum BucketError: Error, Sendable, Hashable, CustomStringConvertible {
  /// -13000; the version 1 list refusal (HTTP 400) arrives as this, with the server's message.
  case unknown(message: String)
  /// -13010: an allowed `get`, `delete` or metadata read of an object that does not exist.
  case objectNotFound(object: String)
  /// -13011: a reference to a bucket other than the simulated one.
  case bucketNotFound(bucket: String)
  /// -13012
  case projectNotFound(project: String)
  /// -13013
  case quotaExceeded(bucket: String)
  /// -13020
  case unauthenticated
  /// -13021: the rules denied the request (HTTP 403).
  case unauthorized(bucket: String, object: String)
  /// -13030
  case retryLimitExceeded
  /// -13031
  case nonMatchingChecksum
  /// -13032
  case downloadSizeExceeded(total: Int64, maxSize: Int64)
  /// -13040
  case cancelled
  /// -13050: `maxResults` out of range, a malformed page token, an operation on the root or
  /// on a path that breaks the limits on references.
  case invalidArgument(message: String)
  /// -13051: a URL naming another bucket than the storage instance's.
  case bucketMismatch(message: String)
  /// -13052
  case internalError(message: String)
  /// -13053: a URL the SDK cannot parse.
  case pathError(message: String)

  /// The SDK's error code.
  public var code: Int {
    switch self {
    case .unknown: -13000
    case .objectNotFound: -13010
    case .bucketNotFound: -13011
    case .projectNotFound: -13012
    case .quotaExceeded: -13013
    case .unauthenticated: -13020
    case .unauthorized: -13021
    case .retryLimitExceeded: -13030
    case .nonMatchingChecksum: -13031
    case .downloadSizeExceeded: -13032
    case .cancelled: -13040
    case .invalidArgument: -13050
    case .bucketMismatch: -13051
    case .internalError: -13052
    case .pathError: -13053
    }
  }

  /// What went wrong, for people.
  public var message: String {
    switch self {
    case .unknown(let message), .invalidArgument(let message), .bucketMismatch(let message),
      .internalError(let message), .pathError(let message):
      message
    case .objectNotFound(let object): "Object '\(object)' does not exist."
    case .bucketNotFound(let bucket): "Bucket \(bucket) does not exist."
    case .projectNotFound(let project): "Project \(project) does not exist."
    case .quotaExceeded(let bucket):
      "Quota for bucket \(bucket) exceeded, please view quota on firebase.google.com."
    case .unauthenticated:
      "User is not authenticated, please authenticate using Firebase Authentication and try again."
    case .unauthorized(_, let object): "User does not have permission to access '\(object)'."
    case .retryLimitExceeded: "Max retry time for operation exceeded, please try again."
    case .nonMatchingChecksum:
      "Uploaded/downloaded object has a checksum which does not match the server's. Please retry."
    case .downloadSizeExceeded(let total, let maxSize):
      "Attempted to download object with size of \(total) bytes, "
        + "which exceeds the maximum size of \(maxSize) bytes."
    case .cancelled: "User cancelled the upload/download."
    }
  }

  public var description: String { message }

  /// `Argument 'maxResults' must be between 1 and 1000 inclusive.` (decisions.md §18).
  public static let maxResultsOutOfRange = BucketError.invalidArgument(
    message: "Argument 'maxResults' must be between 1 and 1000 inclusive.")

  /// The error a denied or refused decision answers with: 403 is `unauthorized`, anything
  /// else (the version 1 list refusal, 400) `unknown` with the server's message.
  static func denied(status: Int, message: String, bucket: String, object: String) -> BucketError {
    status == 403 ? .unauthorized(bucket: bucket, object: object) : .unknown(message: message)
  }
}
