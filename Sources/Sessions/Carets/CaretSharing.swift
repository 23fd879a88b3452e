import FocusCore
import FocusProtocol

/// Where each editor's caret is in the session's source, and the first line their editor shows
/// (which viewers follow for the presenter), as a child machine of ``SessionMachine``. A caret is not a change: it raises no revision and is neither logged,
/// stored nor kept in the timeline. Only each member's latest place is kept, in the source as it
/// is now (moved over every edit of it as it lands, the way the pages move the carets they
/// draw), and the places that changed go out together in one `carets` message at most once per
/// interval: a member moving the caret at every key press costs the others ten messages a second
/// at most, whatever the number of members moving theirs.
struct CaretSharing: Sendable {
    let intervalMilliseconds: Int
    /// Each member's caret or selection in the source now (`nil`: in no text), and the first
    /// line their editor shows (`nil` until they say), in the order they were first placed.
    private var places: [(member: MemberID, selection: TextSelection?, top: Int?)] = []
    /// The members whose caret was placed or went since the last message, in that order.
    private var moved: [MemberID] = []
    private var lastSentAt: Int64?
    private var scheduled = false

    init(intervalMilliseconds: Int) {
        self.intervalMilliseconds = intervalMilliseconds
    }

    /// Every caret in the source now, for a snapshot.
    var shared: [MemberCaret] {
        places.map { MemberCaret(member: $0.member, selection: $0.selection, top: $0.top) }
    }

    /// `member`'s caret is now at `selection` in the source as it is at `revision`, or in no text
    /// (`nil`); the others hear of it in the next message.
    mutating func place(
        _ selection: TextSelection?, of member: MemberID, revision: Int, at time: MachineTime,
        into outputs: inout [SessionOutput]
    ) {
        let index = places.firstIndex { $0.member == member }
        switch (selection, index) {
        case (nil, nil):
            return
        case (_, let index?):
            guard places[index].selection != selection else { return }
            places[index].selection = selection
            if selection == nil, places[index].top == nil { places.remove(at: index) }
        case (let selection?, nil):
            places.append((member, selection, nil))
        }
        if !moved.contains(member) { moved.append(member) }
        changed(revision: revision, at: time, into: &outputs)
    }

    /// `member`'s editor shows the source from line `top` on; the others hear of it in the next
    /// message.
    mutating func view(_ top: Int, of member: MemberID, revision: Int, at time: MachineTime, into outputs: inout [SessionOutput])
    {
        if let index = places.firstIndex(where: { $0.member == member }) {
            guard places[index].top != top else { return }
            places[index].top = top
        } else {
            places.append((member, nil, top))
        }
        if !moved.contains(member) { moved.append(member) }
        changed(revision: revision, at: time, into: &outputs)
    }

    /// `member` left the session: their caret and their view go.
    mutating func forget(_ member: MemberID, revision: Int, at time: MachineTime, into outputs: inout [SessionOutput]) {
        guard let index = places.firstIndex(where: { $0.member == member }) else { return }
        places.remove(at: index)
        if !moved.contains(member) { moved.append(member) }
        changed(revision: revision, at: time, into: &outputs)
    }

    /// Moves every caret over the edits of the source among `events`, a change just applied to
    /// a source `length()` code units long before it (counted only when a caret is to move: the
    /// count walks the whole source).
    mutating func move(over events: [FocusEvent], sourceLength length: () -> Int) {
        guard !places.isEmpty, events.contains(where: \.editsSource) else { return }
        var length = length()
        for case .edit(_, let key, let ops) in events where key == .sourceText {
            let operation = TextOperation(splices: ops, length: length)
            for index in places.indices { places[index].selection = places[index].selection?.transformed(by: operation) }
            length = operation.targetLength
        }
    }

    /// The interval since the last message has passed: the carets that moved meanwhile go out.
    mutating func due(revision: Int, at time: MachineTime, into outputs: inout [SessionOutput]) {
        scheduled = false
        send(revision: revision, at: time, into: &outputs)
    }

    /// Sends now, or once the interval since the last message has passed.
    private mutating func changed(revision: Int, at time: MachineTime, into outputs: inout [SessionOutput]) {
        guard !scheduled else { return }
        let wait = (lastSentAt ?? .min / 2) + Int64(intervalMilliseconds) - time.monotonicMilliseconds
        guard wait > 0 else {
            send(revision: revision, at: time, into: &outputs)
            return
        }
        scheduled = true
        outputs.append(.schedule(.carets, afterMilliseconds: Int(wait)))
    }

    private mutating func send(revision: Int, at time: MachineTime, into outputs: inout [SessionOutput]) {
        guard !moved.isEmpty else { return }
        let carets = moved.map { member in
            let place = places.first { $0.member == member }
            return MemberCaret(member: member, selection: place?.selection, top: place?.top)
        }
        moved = []
        lastSentAt = time.monotonicMilliseconds
        outputs.append(.broadcast(.carets(CaretsMessage(revision: revision, carets: carets))))
    }
}
