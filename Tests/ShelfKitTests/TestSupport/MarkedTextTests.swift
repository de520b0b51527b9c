import Testing

@Suite struct MarkedTextTests {
    @Test func stripsMarkersAndRecordsTheirByteOffsets() {
        let m = MarkedText("---\ntitle: 1️⃣Dune2️⃣  # note\n---\n")
        #expect(m.text == "---\ntitle: Dune  # note\n---\n")
        #expect(m[1] == 11)
        #expect(m[2] == 15)
        #expect(m.offsets.count == 2)
    }

    @Test func countsBytesNotCharactersBeforeAMarker() {
        let m = MarkedText("é🎉1️⃣x2️⃣")
        #expect(m.bytes == [0xC3, 0xA9, 0xF0, 0x9F, 0x8E, 0x89, 0x78])
        #expect(m[1] == 6)
        #expect(m[2] == 7)
    }

    @Test func leavesPlainDigitsAndTheTenKeycapAlone() {
        let m = MarkedText("1984🔟 9️⃣")
        #expect(m.text == "1984 ")
        #expect(m[10] == 4)
        #expect(m[9] == 5)
    }

    @Test func aMissingMarkerIsRecordedAsAnIssue() {
        withKnownIssue {
            #expect(MarkedText("no markers")[1] == -1)
        }
    }
}
