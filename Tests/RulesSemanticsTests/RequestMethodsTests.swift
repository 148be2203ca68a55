import RulesSemantics
import RulesSyntax
import Testing

/// `RequestMethods` against `Set<RequestMethod>` on every pair of the 32 possible sets.
@Suite("RequestMethods, the five-bit set of request methods")
struct RequestMethodsTests {
  /// Every subset of the five methods, as a `Set` (the reference) and as `RequestMethods`.
  static let subsets: [Set<RequestMethod>] = (0..<32).map { bits in
    Set(RequestMethod.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element))
  }

  @Test("set algebra agrees with Set on every pair of subsets")
  func algebra() {
    for left in Self.subsets {
      for right in Self.subsets {
        let (a, b) = (RequestMethods(left), RequestMethods(right))
        #expect(Set(a.union(b)) == left.union(right))
        #expect(Set(a.intersection(b)) == left.intersection(right))
        #expect(Set(a.subtracting(b)) == left.subtracting(right))
        #expect(Set(a.symmetricDifference(b)) == left.symmetricDifference(right))
        #expect(a.isSubset(of: b) == left.isSubset(of: right))
        #expect(a.isSuperset(of: b) == left.isSuperset(of: right))
        #expect(a.isDisjoint(with: b) == left.isDisjoint(with: right))
        #expect((a == b) == (left == right))
        var formed = a
        formed.formUnion(b)
        #expect(formed == a.union(b))
        formed = a
        formed.subtract(b)
        #expect(formed == a.subtracting(b))
      }
    }
  }

  @Test("members, count and iteration follow RequestMethod.allCases")
  func members() {
    for subset in Self.subsets {
      let methods = RequestMethods(subset)
      #expect(methods.count == subset.count)
      #expect(methods.isEmpty == subset.isEmpty)
      #expect(Array(methods) == RequestMethod.allCases.filter(subset.contains))
      for method in RequestMethod.allCases {
        #expect(methods.contains(method) == subset.contains(method))
        var inserted = methods
        #expect(inserted.insert(method).inserted == !subset.contains(method))
        #expect(inserted.contains(method))
        var removed = methods
        #expect((removed.remove(method) != nil) == subset.contains(method))
        #expect(!removed.contains(method))
      }
    }
    #expect(Array(RequestMethods.all) == RequestMethod.allCases)
  }

  @Test("an allow's method names expand as each name's requestMethods(in:) together")
  func granted() {
    let names = ["read", "WRITE", "delete", "reed"].map {
      MethodName($0, range: SourceRange(start: 0, end: 0))
    }
    #expect(RequestMethods(granted: names, in: .v2) == [.get, .list, .create, .update, .delete])
    #expect(RequestMethods(granted: Array(names.prefix(1)), in: .v1) == [.get])
    #expect(RequestMethods(granted: [names[3]], in: .v2).isEmpty)
  }

  @Test("a method name's method follows its name, when made and when renamed")
  func methodFollowsName() {
    var name = MethodName("Read", range: SourceRange(start: 0, end: 4))
    #expect(name.method == .read)
    name.name = "reed"
    #expect(name.method == nil)
    name.name = "LIST"
    #expect(name.method == .list)
    #expect(name == MethodName("LIST", range: SourceRange(start: 0, end: 4)))
  }
}
