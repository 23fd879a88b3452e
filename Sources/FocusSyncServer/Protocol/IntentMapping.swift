import FocusCore

/// Turns a decoded `intent` message into a FocusCore `Intent`, refusing names that cannot be keys,
/// rows or settings.
enum IntentMapping {
    static func intent(for message: IntentMessage) throws(ProtocolError) -> Intent {
        do {
            switch message.action {
            case .focus(let key): return .focus(try key.map(FocusKey.parse))
            case .edit(let key, let value): return .edit(try FocusKey.parse(key), value)
            case .submit: return .submit
            case .next: return .next
            case .previous: return .previous
            case .validate: return .validate
            case .addRow(let list): return .addRow(ListID(rawValue: list))
            case .removeRow(let list, let row):
                guard let id = RowID(row) else { throw FocusError.unknownRow(row, list: ListID(rawValue: list)) }
                return .removeRow(ListID(rawValue: list), id)
            case .navigate(let to): return .navigate(to: ScreenID(rawValue: to))
            case .configure(let settings): return .configure(try patch(from: settings, seq: message.seq))
            }
        } catch let error as FocusError {
            throw ProtocolError(focus: error, seq: message.seq)
        } catch let error as ProtocolError {
            throw error
        } catch {
            throw ProtocolError(.badMessage, "The intent could not be read.", seq: message.seq)
        }
    }

    static let settingNames = ["animatedFocusChange", "ambiguousAddressBinding"]

    private static func patch(from settings: [String: Bool], seq: Int) throws(ProtocolError) -> SettingsPatch {
        if let unknown = settings.keys.sorted().first(where: { !settingNames.contains($0) }) {
            throw ProtocolError(
                .badMessage, "Unknown setting '\(unknown)'; the settings are \(settingNames.joined(separator: " and ")).", seq: seq)
        }
        return SettingsPatch(
            animatedFocusChange: settings["animatedFocusChange"],
            ambiguousAddressBinding: settings["ambiguousAddressBinding"])
    }
}

extension ProtocolError {
    /// The protocol error for a FocusCore refusal: the same code and message.
    init(focus error: FocusError, seq: Int?) {
        self.init(Code(rawValue: error.code) ?? .badMessage, error.message, seq: seq)
    }
}
