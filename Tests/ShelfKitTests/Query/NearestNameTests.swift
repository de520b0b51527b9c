import Testing
@testable import ShelfKit
@testable import ShelfPresentation

/// "Did you mean": close names are offered, far ones are not, ties go to the first listed.
@Suite struct NearestNameTests {
    @Test func closeNamesAreSuggested() {
        #expect(NearestName.suggestion(for: "lsx", among: ["add", "ls", "list"]) == "ls")
        #expect(NearestName.suggestion(for: "ratng", among: ["title", "rating", "pages"]) == "rating")
        #expect(NearestName.suggestion(for: "finishd", among: FieldMatcher.statusSpellings) == "finished")
        #expect(NearestName.suggestion(for: "--tagz", among: ["--tag", "--status"]) == "--tag")
        // A swap of two neighbours is one edit.
        #expect(NearestName.suggestion(for: "serach", among: ["search", "series"]) == "search")
        // Case is ignored, the candidate is returned as listed.
        #expect(NearestName.suggestion(for: "SCIFI", among: ["Sci-Fi"]) == "Sci-Fi")
        // A prefix of three letters or more names its word.
        #expect(NearestName.suggestion(for: "conf", among: ["conflicts", "cover"]) == "conflicts")
    }

    @Test func farNamesAndExactOnesAreNot() {
        #expect(NearestName.suggestion(for: "nothing", among: ["ls", "search", "show"]) == nil)
        #expect(NearestName.suggestion(for: "ls", among: ["ls"]) == nil)
        #expect(NearestName.suggestion(for: "", among: ["ls"]) == nil)
        #expect(NearestName.suggestion(for: "zz", among: ["ls", "rm"]) == nil)
    }

    @Test func tiesGoToTheFirstListed() {
        #expect(NearestName.suggestion(for: "cat", among: ["bat", "hat"]) == "bat")
        #expect(NearestName.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(NearestName.editDistance(Array("书名"), Array("书")) == 1)
    }
}
