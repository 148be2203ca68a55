import Foundation

/// The part of `firebase.json` that names storage rules files.
///
/// Accepts `"storage": {"rules": "..."}` and the per-bucket array form
/// `"storage": [{"bucket": "...", "rules": "..."}]`. Comments and trailing commas are allowed,
/// as the Firebase CLI allows them.
struct FirebaseConfiguration: Decodable {
  /// The rules paths in file order, as written (relative to the folder of `firebase.json`).
  var storageRules: [String]

  private enum CodingKeys: String, CodingKey { case storage }

  private struct StorageTarget: Decodable {
    var rules: String
  }

  /// The message used when `storage` has neither accepted shape.
  static let shapeMessage =
    #""storage" must be {"rules": "FILE"} or [{"bucket": "NAME", "rules": "FILE"}, ...]"#

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard container.contains(.storage), try !container.decodeNil(forKey: .storage) else {
      storageRules = []
      return
    }
    if let target = try? container.decode(StorageTarget.self, forKey: .storage) {
      storageRules = [target.rules]
    } else if let targets = try? container.decode([StorageTarget].self, forKey: .storage) {
      storageRules = targets.map(\.rules)
    } else {
      throw DecodingError.dataCorruptedError(
        forKey: .storage, in: container, debugDescription: Self.shapeMessage)
    }
  }

  /// Decodes `data`, describing a failure in one line.
  static func decode(_ data: Data, path: String) throws(LintError) -> FirebaseConfiguration {
    let decoder = JSONDecoder()
    decoder.allowsJSON5 = true
    do {
      return try decoder.decode(FirebaseConfiguration.self, from: data)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
      let reason = (detail as? String).map { "malformed JSON: \($0)" } ?? "malformed JSON"
      throw .invalidFirebaseConfiguration(path: path, reason: reason)
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
      throw .invalidFirebaseConfiguration(path: path, reason: "expected a JSON object")
    } catch {
      throw .invalidFirebaseConfiguration(path: path, reason: shapeMessage)
    }
  }
}
