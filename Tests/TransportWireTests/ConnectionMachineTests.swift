import Testing
import TransportWire

@Suite("Connection machine")
struct ConnectionMachineTests {
    typealias Machine = ConnectionMachine

    private func send(_ machine: Machine, queueIsEmpty: Bool = true, fits: Bool = true, keepsUp: Bool = true, room: Bool = true)
        -> SendRoute
    {
        machine.send(queueIsEmpty: queueIsEmpty, messageFitsOneFrame: fits, kernelKeepsUp: keepsUp, queueHasRoom: room)
    }

    @Test func aMessageGoesStraightToTheSocketOnlyWhenNothingWaitsBeforeIt() {
        let machine = Machine()
        #expect(send(machine) == .writeAtOnce)
        #expect(send(machine, queueIsEmpty: false) == .enqueue(requestsWritable: false))
        #expect(send(machine, fits: false) == .enqueue(requestsWritable: true))
        #expect(send(machine, keepsUp: false) == .enqueue(requestsWritable: true))
        #expect(send(machine, queueIsEmpty: false, room: false) == .overflow)
    }

    @Test func anOwedPongGoesOutBeforeAnyFrame() {
        var machine = Machine()
        #expect(machine.pingReceived(payload: [1]) == true)
        #expect(machine.pingReceived(payload: [2]) == true)
        // A message may not overtake the PONGs: it waits in the queue behind them.
        #expect(send(machine) == .enqueue(requestsWritable: true))
        #expect(machine.writable(queueIsEmpty: false) == .writePong([1]))
        #expect(machine.writable(queueIsEmpty: false) == .writePong([2]))
        #expect(machine.writable(queueIsEmpty: false) == .writeFrames)
        #expect(machine.framesWritten(queueIsEmpty: true) == false)
        #expect(machine.writable(queueIsEmpty: true) == .nothing)
    }

    @Test func onlyTheLatestPongsAreKept() {
        var machine = Machine()
        for payload in 0..<(Machine.maxOwedPongs + 3) {
            #expect(machine.pingReceived(payload: [UInt8(payload)]) == true)
        }
        #expect(machine.owedPongCount == Machine.maxOwedPongs)
        #expect(machine.writable(queueIsEmpty: true) == .writePong([3]))
    }

    @Test func aKeepalivePingComesAfterPongsAndAsksAgainForWhatWaitsBehindIt() {
        var machine = Machine()
        #expect(machine.pingDue() == true)
        #expect(machine.pingReceived(payload: [9]) == true)
        #expect(machine.writable(queueIsEmpty: false) == .writePong([9]))
        #expect(machine.writable(queueIsEmpty: false) == .writePing(requestsWritable: true))
        #expect(machine.writable(queueIsEmpty: false) == .writeFrames)
        #expect(machine.framesWritten(queueIsEmpty: false))
        #expect(machine.pingDue() == true)
        #expect(machine.writable(queueIsEmpty: true) == .writePing(requestsWritable: false))
    }

    @Test func aDiscardedBacklogIsReportedOnceTheQueueDrains() {
        var machine = Machine()
        #expect(machine.discardBacklog() == true)
        #expect(machine.writable(queueIsEmpty: false) == .writeFrames)
        #expect(machine.framesWritten(queueIsEmpty: true), "the drain still waits to be reported")
        #expect(machine.writable(queueIsEmpty: true) == .reportDrain)
        #expect(machine.writable(queueIsEmpty: true) == .nothing)
    }

    @Test func aFlushingCloseSendsItsFrameAfterTheQueueAndNothingAfterIt() {
        var machine = Machine()
        #expect(machine.close(code: 1000, reason: "bye", flush: true) == .started(dropsQueue: false))
        #expect(!machine.isOpen)
        #expect(send(machine) == .drop)
        #expect(machine.pingReceived(payload: [1]) == false)
        #expect(machine.pingDue() == false)
        #expect(machine.discardBacklog() == false)
        #expect(machine.close(code: 1001, reason: "", flush: false) == .ignored)
        #expect(machine.writable(queueIsEmpty: false) == .writeFrames)
        #expect(machine.framesWritten(queueIsEmpty: true), "the close frame is due")
        #expect(machine.writable(queueIsEmpty: true) == .sendClose(code: 1000, reason: "bye"))
        #expect(machine.phase == .closeSent(1000))
        #expect(machine.writable(queueIsEmpty: true) == .nothing)
        #expect(machine.peerSentClose(.valid(1000)) == .completeHandshake)
        #expect(machine.closed() == 1000)
    }

    @Test func aCloseWithoutFlushDropsTheQueueAndOwedPongs() {
        var machine = Machine()
        #expect(machine.pingReceived(payload: [1]) == true)
        #expect(machine.close(code: 1008, reason: "slow", flush: false) == .started(dropsQueue: true))
        #expect(machine.writable(queueIsEmpty: true) == .sendClose(code: 1008, reason: "slow"))
        #expect(machine.writable(queueIsEmpty: true) == .nothing)
    }

    @Test func thePeersCloseIsEchoedAndItsCodeKept() {
        var machine = Machine()
        #expect(machine.peerSentClose(.valid(4001)) == .echo)
        #expect(machine.phase == .peerClosed(4001))
        #expect(send(machine) == .drop)
        #expect(machine.writable(queueIsEmpty: false) == .nothing)
        #expect(machine.closed() == 4001)
        #expect(machine.phase == .closed)
    }

    @Test func aCloseReasonThatIsNotUTF8IsRefused() {
        var machine = Machine()
        #expect(machine.peerSentClose(.invalidReason(answer: 1007)) == .refuse)
        #expect(machine.closed() == 1007)
    }

    @Test func aCloseByLibWebSocketsEndsTheConnectionForTheApplication() {
        var machine = Machine()
        #expect(machine.mayBeClosedByLibrary)
        #expect(machine.libraryClosed(with: 1002) == true)
        #expect(!machine.mayBeClosedByLibrary)
        #expect(machine.libraryClosed(with: 1002) == false)
        #expect(machine.writable(queueIsEmpty: false) == .nothing)
        #expect(machine.closed() == 1002)
    }

    @Test func aFailedWriteDisconnectsAtTheNextWriteableCallback() {
        var machine = Machine()
        machine.writeFailed()
        #expect(send(machine) == .drop)
        #expect(machine.writable(queueIsEmpty: true) == .disconnect)
        #expect(machine.closed() == nil)
    }

    @Test func aPeerThatStopsAnsweringPingsIsDroppedWithoutACode() {
        var machine = Machine()
        #expect(machine.pongOverdue() == true)
        #expect(machine.pongOverdue() == false)
        #expect(machine.writable(queueIsEmpty: true) == .nothing)
        #expect(machine.closed() == nil)
    }
}
