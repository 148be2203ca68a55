import Foundation

/// The errors of Storage operations, with the Apple SDK's cases, associated values, codes and
/// messages, bridged to `NSError` as the SDK's are: `(error as NSError).domain` is
/// ``StorageErrorDomain``, `.code` the ``StorageErrorCode`` raw value, `.localizedDescription`
/// the SDK's message (`Object images/x.jpg does not exist.`, `User does not have permission to
/// access gs://bucket/images/x.jpg.`) and `.userInfo` the SDK's keys.
///
/// `serverError` holds what the SDK copies from the server's response: `ResponseErrorCode` (the
/// HTTP status), `ResponseErrorDomain`, `bucket`, `object`, and `ResponseBody` when the server
/// sent text (the version 1 list refusal). Its values are `Sendable` (the SDK's are `Any`).
public enum StorageError: Error, CustomNSError {
  case unknown(message: String, serverError: [String: any Sendable])
  case objectNotFound(object: String, serverError: [String: any Sendable])
  case bucketNotFound(bucket: String)
  case projectNotFound(project: String)
  case quotaExceeded(bucket: String, serverError: [String: any Sendable])
  case unauthenticated(serverError: [String: any Sendable])
  case unauthorized(bucket: String, object: String, serverError: [String: any Sendable])
  case retryLimitExceeded
  case nonMatchingChecksum
  case downloadSizeExceeded(total: Int64, maxSize: Int64)
  case cancelled
  case invalidArgument(message: String)
  case internalError(message: String)
  case bucketMismatch(message: String)
  case pathError(message: String)

  public static var errorDomain: String { StorageErrorDomain }

  /// The case's ``StorageErrorCode``.
  public var storageErrorCode: StorageErrorCode {
    switch self {
    case .unknown: .unknown
    case .objectNotFound: .objectNotFound
    case .bucketNotFound: .bucketNotFound
    case .projectNotFound: .projectNotFound
    case .quotaExceeded: .quotaExceeded
    case .unauthenticated: .unauthenticated
    case .unauthorized: .unauthorized
    case .retryLimitExceeded: .retryLimitExceeded
    case .nonMatchingChecksum: .nonMatchingChecksum
    case .downloadSizeExceeded: .downloadSizeExceeded
    case .cancelled: .cancelled
    case .invalidArgument: .invalidArgument
    case .internalError: .internalError
    case .bucketMismatch: .bucketMismatch
    case .pathError: .pathError
    }
  }

  public var errorCode: Int { storageErrorCode.rawValue }

  /// The SDK's message, `NSLocalizedDescriptionKey` in ``errorUserInfo``.
  public var message: String {
    switch self {
    case .unknown(let message, _), .invalidArgument(let message), .internalError(let message),
      .bucketMismatch(let message), .pathError(let message):
      message
    case .objectNotFound(let object, _): "Object \(object) does not exist."
    case .bucketNotFound(let bucket): "Bucket \(bucket) does not exist."
    case .projectNotFound(let project): "Project \(project) does not exist."
    case .quotaExceeded(let bucket, _):
      "Quota for bucket \(bucket) exceeded, please view quota on firebase.google.com."
    case .unauthenticated:
      "User is not authenticated, please authenticate using Firebase Authentication and try again."
    case .unauthorized(let bucket, let object, _):
      "User does not have permission to access gs://\(bucket)/\(object)."
    case .retryLimitExceeded: "Max retry time for operation exceeded, please try again."
    case .nonMatchingChecksum:
      // The SDK's message word for word, its three placeholders included (the SDK never fills
      // them). The simulator never raises this error: it has the bytes it compares.
      "Uploaded/downloaded object TODO has checksum: TODO which does not match server checksum: "
        + "TODO. Please retry the upload/download."
    case .downloadSizeExceeded(let total, let maxSize):
      "Attempted to download object with size of \(total) bytes, which exceeds the maximum size of "
        + "\(maxSize) bytes. Consider raising the maximum download maxSize, or using StorageReference.write"
    case .cancelled: "User cancelled the upload/download."
    }
  }

  /// The SDK's user info: the server's fields where the case has them, the sizes of
  /// `downloadSizeExceeded` (`totalSize`, `maxAllowedSize`), and the message.
  public var errorUserInfo: [String: Any] {
    var info: [String: Any] = [:]
    switch self {
    case .unknown(_, let server), .objectNotFound(_, let server), .quotaExceeded(_, let server),
      .unauthenticated(let server), .unauthorized(_, _, let server):
      for (key, value) in server { info[key] = value }
    case .downloadSizeExceeded(let total, let maxSize):
      info["totalSize"] = total
      info["maxAllowedSize"] = maxSize
    default: break
    }
    info[NSLocalizedDescriptionKey] = message
    return info
  }
}
