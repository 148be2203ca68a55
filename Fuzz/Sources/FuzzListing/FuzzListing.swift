import FuzzSupport
import StorageBucket

/// Bytes as a bucket listing in any format, then listed as `list()` and `listAll()` do.
///
/// The first byte picks the page size (1...256) of a page-token chain; the folders listed are
/// the root and the first prefix and item folder found.
///
/// Invariant: following page tokens at any page size gives exactly `listAll()`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let pageSize = Int(data[0]) + 1
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  guard let listing = try? BucketListing(parsing: bytes) else { return 0 }
  guard let root = try? listing.listAll(folder: "") else { return 0 }
  var folders = [""]
  if let prefix = root.prefixes.first { folders.append(prefix) }
  if let item = root.items.first, let slash = item.lastIndex(of: "/") {
    folders.append(String(item[..<slash]))
  }
  for folder in folders {
    guard let all = try? listing.listAll(folder: folder) else { continue }
    var chained = ListPage()
    var token: String?
    var pages = 0
    repeat {
      guard let page = try? listing.list(folder: folder, maxResults: pageSize, pageToken: token) else {
        Invariant.require(false, "a page token returned by list() was refused (folder '\(folder)')")
        return 0
      }
      Invariant.require(
        page.prefixes.count + page.items.count <= pageSize, "a page holds more than maxResults")
      chained.prefixes += page.prefixes
      chained.items += page.items
      token = page.nextPageToken
      pages += 1
      Invariant.require(pages <= all.prefixes.count + all.items.count + 1, "page tokens do not make progress")
    } while token != nil
    Invariant.require(
      chained.prefixes == all.prefixes && chained.items == all.items,
      "pages of \(pageSize) in folder '\(folder)' differ from listAll()")
  }
  // A token made of the input must be refused or honoured, never crash.
  let token = String(decoding: bytes.prefix(64), as: UTF8.self)
  _ = try? listing.list(folder: "", maxResults: pageSize, pageToken: token)
  return 0
}
