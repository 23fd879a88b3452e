import TransportWire

extension FuzzTarget {
    /// The connection machine: each input byte is one event (its low 4 bits) with three flags
    /// (bits 4–6), played against a model of the transport's queue. Whatever the order: nothing
    /// is written after the close frame or once the peer closed or a write failed, the close
    /// frame goes out once and after the queue when it flushes, owed PONGs go out before any
    /// frame and in the order of their PINGs, and `closed()` reports the code that was sent or
    /// received.
    public static let connectionMachine = FuzzTarget(name: "connection-machine") { input in
        var machine = ConnectionMachine()
        var model = ConnectionModel()
        for (index, byte) in input.enumerated() {
            let (a, b, c) = (byte & 0x10 != 0, byte & 0x20 != 0, byte & 0x40 != 0)
            switch byte & 0x0F {
            case 0:
                let route = machine.send(
                    queueIsEmpty: model.queued == 0, messageFitsOneFrame: a, kernelKeepsUp: b, queueHasRoom: c)
                switch route {
                case .drop:
                    precondition(!model.isOpen, "an open connection dropped a message")
                case .writeAtOnce:
                    model.write("a message at once")
                    precondition(model.queued == 0 && model.pongs.isEmpty && a && b, "a message overtook what waits")
                    if c { model.fail(&machine) }
                case .enqueue(let requestsWritable):
                    precondition(model.isOpen && c && requestsWritable == (model.queued == 0))
                    model.queued += 1
                case .overflow:
                    precondition(model.isOpen && !c, "a message that fits overflowed")
                }
            case 1:
                if machine.discardBacklog() {
                    precondition(model.isOpen)
                    model.queued = a && model.queued > 0 ? 1 : 0  // a partly written message stays
                    model.drainOwed = true
                } else {
                    precondition(!model.isOpen)
                }
            case 2:
                let code = UInt16(1000 + index % 16)
                switch machine.close(code: code, reason: "", flush: a) {
                case .ignored:
                    precondition(!model.isOpen)
                case .started(let dropsQueue):
                    precondition(model.isOpen && dropsQueue == !a)
                    if dropsQueue { model.queued = 0 }
                    model.isOpen = false
                    model.closing = (code, a)
                }
            case 3:
                model.turn(
                    machine.writable(queueIsEmpty: model.queued == 0), of: &machine, frames: Int(byte >> 4) % 4,
                    fails: a && b && c)
            case 4:
                if machine.pingReceived(payload: [byte, UInt8(truncatingIfNeeded: index)]) {
                    precondition(model.isOpen)
                    model.pongs.append([byte, UInt8(truncatingIfNeeded: index)])
                    if model.pongs.count > ConnectionMachine.maxOwedPongs { model.pongs.removeFirst() }
                }
            case 5:
                if machine.pingDue() { model.pingOwed = true }
            case 6:
                if machine.pongOverdue() { model.end(with: nil) }
            case 7:
                let code = UInt16(3000 + index % 16)
                switch machine.peerSentClose(a ? .valid(b ? code : nil) : .invalidReason(answer: 1007)) {
                case .completeHandshake:
                    precondition(model.closeSent, "a handshake completed without a close frame of ours")
                case .echo:
                    precondition(!model.closeSent && a)
                    model.end(with: b ? code : nil)
                case .refuse:
                    precondition(!model.closeSent && !a)
                    model.end(with: 1007)
                    model.closeSent = true
                }
            case 8:
                if machine.libraryClosed(with: 1002) {
                    precondition(!model.ended, "libwebsockets closed an ended connection")
                    model.end(with: 1002)
                    model.closeSent = true
                }
            case 9:
                precondition(machine.closed() == model.code, "closed() reported another code")
                return
            default:
                continue
            }
            precondition(machine.isOpen == model.isOpen, "the machine and its model disagree on being open")
            precondition(machine.owedPongCount == model.pongs.count)
        }
    }
}

/// What the transport around a ``ConnectionMachine`` holds and has seen, for the fuzz target.
private struct ConnectionModel {
    var queued = 0
    var pongs: [[UInt8]] = []
    var pingOwed = false
    var drainOwed = false
    var isOpen = true
    var closing: (code: UInt16, flush: Bool)?
    /// Nothing may be written any more: the close frame went out, the peer closed or a write failed.
    var ended = false
    /// A close frame of ours went out: the server's, the refusal of the peer's, or libwebsockets' own.
    var closeSent = false
    var failed = false
    var code: UInt16?

    mutating func write(_ what: String) {
        precondition(!ended, "\(what) was written after the connection ended")
    }

    mutating func end(with code: UInt16?) {
        self.code = code
        ended = true
        isOpen = false
        queued = 0
        pongs = []
        pingOwed = false
        drainOwed = false
    }

    mutating func fail(_ machine: inout ConnectionMachine) {
        machine.writeFailed()
        end(with: nil)
        failed = true
    }

    mutating func turn(_ turn: WriteTurn, of machine: inout ConnectionMachine, frames: Int, fails: Bool) {
        switch turn {
        case .nothing:
            precondition(
                ended || (queued == 0 && pongs.isEmpty && !pingOwed && !drainOwed), "a writeable callback left work undone")
        case .disconnect:
            precondition(failed, "disconnected a connection whose writes did not fail")
        case .sendClose(let code, _):
            write("a close frame")
            precondition(closing.map { $0.code == code && (!$0.flush || queued == 0) } ?? false, "the close frame went out early")
            end(with: code)
            closeSent = true
        case .writePong(let payload):
            write("a PONG")
            precondition(payload == pongs.first, "PONGs out of order")
            pongs.removeFirst()
            if fails { fail(&machine) }
        case .writePing(let requestsWritable):
            write("a PING")
            precondition(pingOwed && pongs.isEmpty && requestsWritable == (queued > 0 || drainOwed))
            pingOwed = false
            if fails { fail(&machine) }
        case .writeFrames:
            write("a frame")
            precondition(queued > 0 && pongs.isEmpty && !pingOwed, "frames went out before what is owed")
            if fails {
                fail(&machine)
                return
            }
            queued -= min(queued, frames)
            let asks = machine.framesWritten(queueIsEmpty: queued == 0)
            precondition(asks == (queued > 0 || !isOpen || drainOwed))
        case .reportDrain:
            precondition(drainOwed && queued == 0 && isOpen)
            drainOwed = false
        }
    }
}
