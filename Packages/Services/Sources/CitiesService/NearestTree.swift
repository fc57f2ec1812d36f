import Foundation

/// The place nearest any coordinates, from a k-d tree over the towns' points on the unit sphere.
///
/// Why a k-d tree over 3-D points rather than the 1° grid the map reads: the grid answers "which towns are in this
/// box" well, but "which town is nearest this point" needs rings of cells that grow without bound at sea and crowd
/// near the poles, where a degree of longitude shrinks to nothing; on the sphere's points (x, y, z) the straight-line
/// (chord) distance orders places exactly as the great-circle distance does, with no special case for the poles or
/// the antimeridian, and a balanced tree of 197,000 towns answers in about 18 levels.
///
/// The tree is implicit: the rows in tree order, where the node of a range of entries is at its middle, its left
/// subtree before it and its right subtree after it; each node splits on the axis along which its range spreads most.
/// It is built with the catalogue (`build`) and read in place (`nearest`).
struct NearestTree {
    /// The point of a latitude and longitude on the unit sphere, as the tree stores it (f32, each coordinate rounded
    /// once): the tree and a scan compare the same numbers, so they agree on every query.
    @inline(__always)
    static func point(latitude: Double, longitude: Double) -> (Float, Float, Float) {
        let φ = latitude * .pi / 180, λ = longitude * .pi / 180
        return (Float(cos(φ) * cos(λ)), Float(cos(φ) * sin(λ)), Float(sin(φ)))
    }

    /// The entries of the tree for `rows` at these points: the rows in tree order, their points (x, y, z, …) and the
    /// split axis of each node.
    static func build(
        rows: [UInt32], points: [(Float, Float, Float)]
    ) -> (
        rows: [UInt32], points: [Float], axes: [UInt8]
    ) {
        var order = Array(0..<rows.count)
        var axes = [UInt8](repeating: 0, count: rows.count)
        func coordinate(_ index: Int, _ axis: Int) -> Float {
            let point = points[index]
            return axis == 0 ? point.0 : axis == 1 ? point.1 : point.2
        }
        // Ranges still to split; each is sorted along its widest axis and split at its middle.
        var pending: [Range<Int>] = [0..<rows.count]
        while let range = pending.popLast() {
            guard range.count > 1 else { continue }
            var low: [Float] = [.infinity, .infinity, .infinity], high: [Float] = [-.infinity, -.infinity, -.infinity]
            for position in range {
                for axis in 0..<3 {
                    let value = coordinate(order[position], axis)
                    low[axis] = min(low[axis], value)
                    high[axis] = max(high[axis], value)
                }
            }
            let spreads = (0..<3).map { high[$0] - low[$0] }
            let axis = spreads[0] >= spreads[1] && spreads[0] >= spreads[2] ? 0 : spreads[1] >= spreads[2] ? 1 : 2
            order[range].sort { a, b in
                let x = coordinate(a, axis), y = coordinate(b, axis)
                return x != y ? x < y : rows[a] < rows[b]
            }
            let middle = (range.lowerBound + range.upperBound) / 2
            axes[middle] = UInt8(axis)
            pending.append(range.lowerBound..<middle)
            pending.append((middle + 1)..<range.upperBound)
        }
        var flat: [Float] = []
        flat.reserveCapacity(rows.count * 3)
        for index in order {
            let point = points[index]
            flat += [point.0, point.1, point.2]
        }
        return (order.map { rows[$0] }, flat, axes)
    }

    let rows: UnsafePointer<UInt32>
    let points: UnsafePointer<Float>
    let axes: UnsafePointer<UInt8>
    let count: Int

    /// The squared chord between entry `index` and a point, in doubles (the scan computes the same).
    @inline(__always)
    func squaredDistance(_ index: Int, _ x: Double, _ y: Double, _ z: Double) -> Double {
        let dx = Double(points[3 * index]) - x, dy = Double(points[3 * index + 1]) - y
        let dz = Double(points[3 * index + 2]) - z
        return dx * dx + dy * dy + dz * dz
    }

    /// The entry nearest the point (ties: the lower row); nil for an empty tree or a point off the globe.
    func nearest(latitude: Double, longitude: Double) -> Int? {
        guard count > 0, (-90...90).contains(latitude), (-360...360).contains(longitude) else { return nil }
        let (fx, fy, fz) = Self.point(latitude: latitude, longitude: longitude)
        let x = Double(fx), y = Double(fy), z = Double(fz)
        let query = (x, y, z)
        var best = -1
        var bestDistance = Double.infinity
        // A stack of ranges to visit, each with the squared distance from the point to its splitting plane (a far
        // side is visited only while it can still hold something nearer). Each level pushes two ranges and pops one,
        // so 2 × 64 entries hold any tree of up to 2^64 entries; kept on the stack, not allocated per query.
        return withUnsafeTemporaryAllocation(of: (low: Int, high: Int, bound: Double).self, capacity: 130) { stack in
            stack[0] = (0, count, 0)
            var depth = 1
            while depth > 0 {
                depth -= 1
                let (low, high, bound) = stack[depth]
                guard low < high, bound <= bestDistance else { continue }
                let middle = (low + high) / 2
                let distance = squaredDistance(middle, x, y, z)
                if best < 0 || distance < bestDistance || (distance == bestDistance && rows[middle] < rows[best]) {
                    best = middle
                    bestDistance = distance
                }
                let axis = Int(axes[middle])
                let along = axis == 0 ? query.0 : axis == 1 ? query.1 : query.2
                let difference = along - Double(points[3 * middle + axis])
                let plane = difference * difference
                // (A balanced tree of 2^32 entries is 33 levels deep: never reached.)
                guard depth + 2 <= stack.count else { continue }
                // The near side last, so that it is visited first.
                if difference < 0 {
                    stack[depth] = (middle + 1, high, plane)
                    stack[depth + 1] = (low, middle, 0)
                } else {
                    stack[depth] = (low, middle, plane)
                    stack[depth + 1] = (middle + 1, high, 0)
                }
                depth += 2
            }
            return best >= 0 ? best : nil
        }
    }

    /// The same answer as `nearest`, by measuring every entry: the benchmark's yardstick and the tests' reference.
    func nearestByScanning(latitude: Double, longitude: Double) -> Int? {
        guard count > 0, (-90...90).contains(latitude), (-360...360).contains(longitude) else { return nil }
        let (fx, fy, fz) = Self.point(latitude: latitude, longitude: longitude)
        let x = Double(fx), y = Double(fy), z = Double(fz)
        var best = 0
        var bestDistance = squaredDistance(0, x, y, z)
        for index in 1..<count {
            let distance = squaredDistance(index, x, y, z)
            if distance < bestDistance || (distance == bestDistance && rows[index] < rows[best]) {
                best = index
                bestDistance = distance
            }
        }
        return best
    }
}
