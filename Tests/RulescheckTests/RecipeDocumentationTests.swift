import Foundation
import RulescheckTestSupport
import Testing

/// `docs/ci.md` quotes every CI recipe of `scripts/recipes/` verbatim, so what the page shows is
/// what `scripts/test-recipes.sh` runs; and every recipe names the version the code declares.
@Suite struct RecipeDocumentationTests {
  static let recipes = packageRoot.appendingPathComponent("scripts/recipes")

  static func recipeNames() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: recipes.path)) ?? []
    return names.filter { !$0.hasSuffix(".py") }.sorted()
  }

  @Test func thereAreRecipes() {
    #expect(Self.recipeNames().count >= 6)
  }

  @Test(arguments: recipeNames())
  func thePageQuotesTheRecipe(_ name: String) throws {
    let recipe = try String(contentsOf: Self.recipes.appendingPathComponent(name), encoding: .utf8)
    let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
    #expect(page.contains("\n" + recipe + "```\n"), "docs/ci.md does not quote scripts/recipes/\(name)")
  }
}
