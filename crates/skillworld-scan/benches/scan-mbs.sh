#!/usr/bin/env bash
# Scanning throughput of two scan bench binaries, measured alternately so
# that both see the same load: MB/s = corpus bytes × PASSES ÷ (user CPU of
# a run with PASSES passes − user CPU of a run with none, which pays only
# the start, the corpus read and the warm-up pass).
#
#   crates/skillworld-scan/benches/scan-mbs.sh BASE_BIN NEW_BIN [ROUNDS] [PASSES]
#
# BASE_BIN and NEW_BIN are `target/release/deps/scan-*` binaries from
# `cargo bench --no-run -p skillworld-scan --bench scan` (copy the base one
# aside before changing the scanner). Both read the corpus their build
# names (`../shared/corpus` beside the repository). Prints each round's
# load average and MB/s, then the median of each binary.
set -euo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: $0 BASE_BIN NEW_BIN [ROUNDS] [PASSES]" >&2
    exit 2
fi
base=$1 new=$2 rounds=${3:-5} passes=${4:-50}
for bin in "$base" "$new"; do
    [[ -x $bin ]] || { echo "$0: not an executable: $bin" >&2; exit 2; }
done
corpus=$(cd "$(dirname "$0")/../../../../shared/corpus" 2>/dev/null && pwd) || {
    echo "$0: no corpus at ../shared/corpus beside the repository" >&2
    exit 2
}
# The bench scans every file that reads as UTF-8 text; count the same bytes.
bytes=$(python3 - "$corpus" <<'PY'
import os, sys
total = 0
for root, _, files in os.walk(sys.argv[1]):
    for name in files:
        try:
            with open(os.path.join(root, name), "rb") as f:
                data = f.read()
            data.decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        total += len(data)
print(total)
PY
)

user_seconds() { # BIN PASSES
    local out
    out=$( { PASSES=$2 /usr/bin/time -f '%U' "$1" >/dev/null; } 2>&1 )
    echo "${out##*$'\n'}"
}

mbs() { # BIN
    local idle busy
    idle=$(user_seconds "$1" 0)
    busy=$(user_seconds "$1" "$passes")
    awk -v b="$bytes" -v p="$passes" -v busy="$busy" -v idle="$idle" \
        'BEGIN { printf "%.0f", b * p / 1e6 / (busy - idle) }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "corpus $corpus: $bytes bytes, $passes passes a run, $rounds rounds"
echo "round | load (1 min) | base MB/s | new MB/s"
base_all=() new_all=()
for round in $(seq 1 "$rounds"); do
    load=$(cut -d' ' -f1 /proc/loadavg)
    b=$(mbs "$base")
    n=$(mbs "$new")
    base_all+=("$b") new_all+=("$n")
    echo "$round | $load | $b | $n"
done
echo "median | | $(printf '%s\n' "${base_all[@]}" | median) | $(printf '%s\n' "${new_all[@]}" | median)"
