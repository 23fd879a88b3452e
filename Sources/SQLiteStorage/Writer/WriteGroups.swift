extension Collection where Index == Int {
    /// Consecutive runs of the elements, each of at most `limit` writes as `writes` counts them,
    /// and each of at least one element (one larger than the limit makes a run alone): the
    /// transactions a backlog is committed in.
    func groups(ofAtMost limit: Int, writes: (Element) -> Int) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = startIndex
        while start < endIndex {
            var end = start
            var count = 0
            repeat {
                count += writes(self[end])
                end += 1
            } while end < endIndex && count + writes(self[end]) <= limit
            groups.append(start..<end)
            start = end
        }
        return groups
    }
}
