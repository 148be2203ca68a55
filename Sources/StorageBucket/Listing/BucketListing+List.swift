extension BucketListing {
  /// The page size when a list gives no `maxResults`, and the largest it may give.
  public static let defaultPageSize = 1000

  /// One page of the folder `folder` (`""` is the root; slashes are normalised), per
  /// decisions.md §18: folders and objects merged in byte order (a folder's key ends with
  /// `/`), `maxResults` counting both, names the backend filters out skipped (an item whose
  /// name is empty, contains `//` or ends with `/`; a folder with an empty segment), and a
  /// token only when at least one more entry remains.
  ///
  /// - Throws: ``BucketError/invalidArgument(message:)`` for `maxResults` outside 1...1000 or
  ///   a page token that is malformed or was not returned by a list of this folder.
  public func list(
    folder: String, maxResults: Int? = nil, pageToken: String? = nil
  ) throws(BucketError)
    -> ListPage
  {
    let limit = maxResults ?? Self.defaultPageSize
    guard (1...Self.defaultPageSize).contains(limit) else { throw .maxResultsOutOfRange }
    let folder = StoragePath.normalize(folder)
    let prefix = folder.isEmpty ? [] : Array(folder.utf8) + [UInt8(ascii: "/")]
    let first = lowerBound(prefix)
    let end = prefix.isEmpty ? objects.count : self.end(ofPrefix: prefix, from: first)
    var position = first
    if let pageToken {
      let key = try Self.resumeKey(pageToken, prefix: prefix, folder: folder)
      position = upperBound(key, from: first)
      if key.last == UInt8(ascii: "/") { position = self.end(ofPrefix: key, from: position) }
    }
    return page(prefix: prefix, from: position, to: end, limit: limit)
  }

  /// Every page of `folder` at the default size, concatenated; any failure fails the whole.
  public func listAll(folder: String) throws(BucketError) -> ListPage {
    var result = ListPage()
    var token: String?
    repeat {
      let page = try list(folder: folder, pageToken: token)
      result.prefixes += page.prefixes
      result.items += page.items
      token = page.nextPageToken
    } while token != nil
    return result
  }

  private func page(prefix: [UInt8], from start: Int, to end: Int, limit: Int) -> ListPage {
    let slash = UInt8(ascii: "/")
    var page = ListPage()
    var count = 0
    // The last entry's key (a folder's ends with `/`), for the next page's token.
    var lastKey: ObjectName?
    var position = start
    while position < end {
      let name = objects[position].name
      // The name up to and with its first `/` below the folder, if it has one.
      let folderKey = name.withBytes { bytes in
        bytes[prefix.count...].firstIndex(of: slash).map { Array(bytes[...$0]) }
      }
      if let key = folderKey {
        // Every name below this folder: one prefix, then skip them all.
        position = self.end(ofPrefix: key, from: position + 1)
        // `prefix` is normal, so the only `//` a folder key can hold is an empty segment.
        guard key.count - 1 > prefix.count else { continue }
        if count == limit { return finished(page, lastKey: lastKey, more: true) }
        page.prefixes.append(String(decoding: key.dropLast(), as: UTF8.self))
        lastKey = ObjectName(bytes: key)
      } else {
        position += 1
        // No `/` after the folder: only the placeholder named like the folder is invalid.
        guard name.count > prefix.count else { continue }
        if count == limit { return finished(page, lastKey: lastKey, more: true) }
        page.items.append(name.string)
        lastKey = name
      }
      count += 1
    }
    return finished(page, lastKey: lastKey, more: false)
  }

  private func finished(_ page: ListPage, lastKey: ObjectName?, more: Bool) -> ListPage {
    var page = page
    if more { page.nextPageToken = Base64.encode(lastKey?.bytes ?? []) }
    return page
  }

  /// The key a token resumes after: padded base64 of an entry a list of `prefix` can return.
  private static func resumeKey(
    _ token: String, prefix: [UInt8], folder: String
  ) throws(BucketError)
    -> [UInt8]
  {
    guard let key = Base64.decode(token), let text = String(validating: key, as: UTF8.self) else {
      throw .invalidArgument(
        message: "Invalid page token '\(token)': it is not padded base64 of an object name.")
    }
    let rest = key.dropFirst(prefix.count)
    let slash = rest.firstIndex(of: UInt8(ascii: "/"))
    guard key.starts(with: prefix), !rest.isEmpty, slash == nil || slash == rest.index(before: rest.endIndex),
      rest.first != UInt8(ascii: "/")
    else {
      let place = folder.isEmpty ? "the bucket root" : "'\(folder)'"
      throw .invalidArgument(
        message:
          "Invalid page token '\(token)': it resumes after '\(text)', which a list of \(place) never returns."
      )
    }
    return key
  }
}
