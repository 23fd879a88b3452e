extension TextOperation {
    /// The operation that undoes this one: applied to the text this one makes from `text`, it gives
    /// `text` back. Inserts become deletes, and deletes put back the code units they took from `text`.
    public func inverted(on text: String) -> TextOperation {
        var edges: [Int] = []
        var offset = 0
        for component in components {
            switch component {
            case .retain(let count):
                offset += count
            case .delete(let count):
                edges += [offset, offset + count]
                offset += count
            case .insert:
                break
            }
        }
        guard let bytes = text.utf8Offsets(ofUTF16: edges) else {
            preconditionFailure("The operation \(self) does not fit the text it is inverted on.")
        }
        var inverse = TextOperation()
        var edge = 0
        for component in components {
            switch component {
            case .retain(let count):
                inverse.retain(count)
            case .insert(let inserted):
                inverse.delete(inserted.utf16Length)
            case .delete:
                inverse.insert(String(text[text.utf8Index(bytes[edge])..<text.utf8Index(bytes[edge + 1])]))
                edge += 2
            }
        }
        return inverse
    }
}
