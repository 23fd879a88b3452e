import FocusCore
import FocusProtocol

extension JSONValue {
    /// This value with an RFC 7396 merge patch applied: objects merge member by member, `null`
    /// removes a member, anything else replaces the value. The page's one generic function,
    /// here to check the patches the server builds.
    public func merging(_ patch: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch.resolved else { return patch.resolved }
        var result: JSONObject
        if case .object(let object) = resolved {
            result = object
        } else {
            result = JSONObject()
        }
        for (key, value) in changes.members {
            if value == .null {
                result[key] = nil
            } else {
                result[key] = (result[key] ?? .null).merging(value)
            }
        }
        return .object(result)
    }

    /// The value with every object's members sorted by name and its `null` members left out,
    /// for comparing texts written in different orders: after a merge patch, a member that is
    /// `null` and one that is absent mean the same.
    public var canonical: JSONValue {
        switch resolved {
        case .array(let values):
            .array(values.map(\.canonical))
        case .object(let object):
            .object(
                JSONObject(
                    object.members.filter { $0.value != .null }.sorted { $0.key < $1.key }.map { ($0.key, $0.value.canonical) }))
        default:
            resolved
        }
    }
}

extension JSONValue {
    /// The session `state` with what an update's events say themselves applied, in order, as the
    /// page does: each `focus` event's `to` becomes its screen's `focus`, each `edit` event's
    /// `ops` (UTF-16 splices, in order) are applied to the field's text.
    /// A session running its own source says all of it in its patch (`program.drawn` whole, the
    /// source whole), so its events add nothing.
    public func applyingEvents(of events: JSONValue) -> JSONValue {
        if self["program"] != .null { return self }
        var state = self
        for event in events.array {
            guard let screen = event["screen"].string else { continue }
            let change: (String, JSONValue)
            switch event["kind"].string {
            case "focus":
                change = ("focus", event["to"])
            case "edit":
                guard let key = event["key"].string else { continue }
                var text = state["screens"][screen]["values"][key].string ?? ""
                for op in event["ops"].array {
                    guard let at = op["at"].int, let delete = op["delete"].int, let insert = op["insert"].string else { continue }
                    text = TextSplice(at: at, delete: delete, insert: insert).applied(to: text)
                }
                change = ("values", .object(JSONObject([(key, .string(text))])))
            default:
                continue
            }
            // A `null` focus is written as a member removed: the same after `canonical`.
            state = state.merging(
                .object(
                    JSONObject([
                        ("screens", .object(JSONObject([(screen, .object(JSONObject([change])))])))
                    ])))
        }
        return state
    }
}
