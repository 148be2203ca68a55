import Foundation

/// The error domain of ``StorageError`` and ``StorageErrorCode``, as the SDK names it.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let StorageErrorDomain: String = "FIRStorageErrorDomain"

/// The SDK's error codes, with its raw values: `StorageErrorCode(rawValue: (error as NSError).code)`
/// reads an error's code as the SDK's documentation does.
public enum StorageErrorCode: Int, Error, Sendable, CustomNSError {
  case unknown = -13000
  case objectNotFound = -13010
  case bucketNotFound = -13011
  case projectNotFound = -13012
  case quotaExceeded = -13013
  case unauthenticated = -13020
  case unauthorized = -13021
  case retryLimitExceeded = -13030
  case nonMatchingChecksum = -13031
  case downloadSizeExceeded = -13032
  case cancelled = -13040
  case invalidArgument = -13050
  case bucketMismatch = -13051
  case internalError = -13052
  case pathError = -13053

  public static var errorDomain: String { StorageErrorDomain }
  public var errorCode: Int { rawValue }
}
