# Sums libFuzzer's -print_coverage=1 lines (COVERED_FUNC / UNCOVERED_FUNC, "edges: covered/total") by source file,
# for this project's files (Packages/.../Sources/...) that the run reached at all. Prints one line per file, then a
# total line. Functions the compiler generated (no file) are left out.
/^(UN)?COVERED_FUNC: / {
    if (!match($0, /edges: [0-9]+\/[0-9]+/)) next
    split(substr($0, RSTART + 7, RLENGTH - 7), edges, "/")
    if (!match($0, /\/Packages\/[^ :]+\/Sources\/[^ :]+\.swift/)) next
    file = substr($0, RSTART + 10, RLENGTH - 10)
    sub(/\/Sources\//, "/", file)
    covered[file] += edges[1]; total[file] += edges[2]
}
END {
    for (file in total) {
        if (covered[file] == 0) continue
        printf "%s %d/%d (%d%%)\n", file, covered[file], total[file], 100 * covered[file] / total[file]
        allCovered += covered[file]; allTotal += total[file]; files++
    }
    if (files) printf "TOTAL %d/%d (%d%%) in %d files\n", allCovered, allTotal, 100 * allCovered / allTotal, files
    else print "TOTAL none"
}
