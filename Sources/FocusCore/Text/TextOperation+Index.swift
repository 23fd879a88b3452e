extension TextOperation {
    /// Where `index`, an offset in the text the operation applies to, is in the text it makes:
    /// moved right by what is inserted before it, left by what is deleted before it, to the start
    /// of a deleted range it was in, and before or after text inserted exactly at it as `bias` says.
    public func transformIndex(_ index: Int, bias: IndexBias) -> Int {
        var moved = index
        var offset = 0
        for component in components {
            guard offset <= index else { break }
            switch component {
            case .retain(let count):
                offset += count
            case .insert(let text):
                if offset < index || bias == .after { moved += text.utf16Length }
            case .delete(let count):
                moved -= min(count, index - offset)
                offset += count
            }
        }
        return moved
    }
}
