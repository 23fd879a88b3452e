/// Myers' shortest edit script between two sequences of Unicode scalar values: which elements
/// stay, which go and which come, with as few goes and comes as possible.
///
/// It takes time proportional to (length × edits) and memory proportional to edits², so it gives
/// up past `limit` edits.
enum ShortestEditScript {
    enum Step: Equatable {
        /// The next element of both sequences is the same.
        case keep
        /// The next element of the first sequence goes.
        case delete
        /// The next element of the second sequence comes.
        case insert
    }

    /// The steps from `a` to `b`, in order, or `nil` if they need more than `limit` deletes and inserts.
    static func steps(from a: [UInt32], to b: [UInt32], limit: Int) -> [Step]? {
        let most = min(a.count + b.count, limit)
        let middle = most + 1
        // furthest[middle + k]: the furthest x reached on diagonal k (x - y == k).
        var furthest = [Int](repeating: 0, count: 2 * most + 3)
        // For each d, the furthest x on diagonals -d...d before round d.
        var trace: [[Int]] = []
        for edits in 0...most {
            trace.append(Array(furthest[(middle - edits)...(middle + edits)]))
            for diagonal in stride(from: -edits, through: edits, by: 2) {
                var x =
                    fromAbove(diagonal, edits, in: furthest, zero: middle)
                    ? furthest[middle + diagonal + 1]
                    : furthest[middle + diagonal - 1] + 1
                var y = x - diagonal
                while x < a.count, y < b.count, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                furthest[middle + diagonal] = x
                if x >= a.count, y >= b.count {
                    return backtrack(trace, to: (a.count, b.count))
                }
            }
        }
        return nil
    }

    /// Whether round `edits` reaches `diagonal` by an insert (from diagonal + 1) rather than a
    /// delete (from diagonal - 1), given the furthest x per diagonal with diagonal 0 at `zero`.
    private static func fromAbove(_ diagonal: Int, _ edits: Int, in furthest: [Int], zero: Int) -> Bool {
        diagonal == -edits || (diagonal != edits && furthest[zero + diagonal - 1] < furthest[zero + diagonal + 1])
    }

    private static func backtrack(_ trace: [[Int]], to end: (Int, Int)) -> [Step] {
        var (x, y) = end
        var steps: [Step] = []
        for edits in stride(from: trace.count - 1, to: 0, by: -1) {
            let before = trace[edits]
            let diagonal = x - y
            let previous = fromAbove(diagonal, edits, in: before, zero: edits) ? diagonal + 1 : diagonal - 1
            let previousX = before[previous + edits]
            let previousY = previousX - previous
            while x > previousX, y > previousY {
                steps.append(.keep)
                x -= 1
                y -= 1
            }
            if x == previousX {
                steps.append(.insert)
                y -= 1
            } else {
                steps.append(.delete)
                x -= 1
            }
        }
        steps.append(contentsOf: repeatElement(.keep, count: x))
        return steps.reversed()
    }
}
