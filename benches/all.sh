#!/usr/bin/env bash
# Every figure of docs/PERFORMANCE.md, re-measured in one run, one after
# another so that no two measurements share the cores:
#
#   bash benches/all.sh            (about 20 minutes; needs wrk, python3-venv,
#                                   ../shared/corpus, and root for --cold)
#
# Each step's output goes to target/perf/NAME.txt, with the load average
# before and after it; target/perf/run.txt records the commit, the toolchain
# and the start and end times. Fails on the first step that fails.
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/perf
mkdir -p "$out"
command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
[ -d ../shared/corpus ] || { echo "../shared/corpus is needed" >&2; exit 1; }

{
  echo "started $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with local changes)')"
  rustc --version
  nproc | sed 's/^/cores /'
} | tee "$out/run.txt"

step() {
  local name=$1
  shift
  printf '\n=== %s: %s\n' "$name" "$*"
  {
    echo "command: $*"
    echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    status=0
    "$@" 2>&1 || status=$?
    echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
    exit "$status"
  } | tee "$out/$name.txt" || { echo "step $name failed" >&2; exit 1; }
}

# Build everything first so that no measurement shares the cores with rustc.
cargo bench --workspace --no-run
cargo build --release -p skillworld-cli
cargo build --release -p skillworld --example simulation_host
cargo build --release -p skillworld-scan --example sweep

step validate cargo bench -p skillworld-format --bench validate
step validate-1-thread cargo bench -p skillworld-format --bench validate -- --threads 1
if [ "$(id -u)" -eq 0 ]; then
  step validate-cold cargo bench -p skillworld-format --bench validate -- --cold
else
  echo "note: not root, so the cold-cache validation rows are not re-measured"
fi
step catalog cargo bench -p skillworld-world --bench catalog
step store cargo bench -p skillworld-store --bench store
step import cargo bench -p skillworld-cli --bench import
step scan cargo bench -p skillworld-scan --bench scan
# The scan's whole-skill passes (combinations, sends carried across files),
# which the file-by-file bench above cannot see: the instructions of
# scanning every skill folder of the corpus as `scan_dir` does
# (SWEEP=DIR measures another folder of skills, such as a sweep's).
if command -v valgrind >/dev/null; then
  step scan-folders valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    target/release/examples/sweep "${SWEEP:-../shared/corpus}"
else
  echo "note: no valgrind, so the whole-folder scan cost is not re-measured"
fi
step sandbox cargo bench -p skillworld-sandbox --bench sandbox
step load env SECONDS=30 cargo bench -p skillworld-habitat --bench load
# Long enough for the writes to outgrow half the checkpoint: one is written
# while serving.
step load-mixed-long env SECONDS=150 ONLY=mixed cargo bench -p skillworld-habitat --bench load
step simulation-42 /usr/bin/time -v target/release/examples/simulation_host --seed 42
step simulation-42-again target/release/examples/simulation_host --seed 42
step simulation-43 target/release/examples/simulation_host --seed 43
rm -f target/perf/simulation.redb
step simulation-db target/release/examples/simulation_host --seed 42 --db target/perf/simulation.redb
step simulation-db-digest target/release/skillworld --db target/perf/simulation.redb digest
rm -f target/perf/simulation.redb
step compare bash benches/compare/run.sh

echo "finished $(date -u '+%Y-%m-%d %H:%M:%S UTC')" | tee -a "$out/run.txt"
