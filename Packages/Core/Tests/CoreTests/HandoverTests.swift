import CoreKit
import Foundation
import Testing

/// `Handover`: a value given once from any thread, awaited by tasks (issue 30: the App's start made on a thread of
/// its own, a connection made ahead, a config file's parse raced against its deadline).
@Suite struct HandoverTests {
    @Test func tasksWaitingBeforeAndAfterTheValueIsGivenAllGetIt() async {
        let handover = Handover<Int>()
        async let early = handover.value
        async let alsoEarly = handover.value
        // Given from a thread that is not a task's, as the App's start is.
        let given = Handover<Bool>()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            given.give(handover.give(7))
        }
        #expect(await early == 7)
        #expect(await alsoEarly == 7)
        #expect(await handover.value == 7)
        #expect(await given.value)
    }

    @Test func theFirstValueGivenIsKept() async {
        let race = Handover<String?>()
        #expect(race.give("parsed"))
        #expect(!race.give(nil))
        #expect(!race.give("again"))
        #expect(await race.value == "parsed")
        // nil is a value like any other (a deadline that came first).
        let deadline = Handover<String?>()
        #expect(deadline.give(nil))
        #expect(!deadline.give("late"))
        #expect(await deadline.value == nil)
    }
}
