#!/usr/bin/env bash
# Compares each refetched sweep's output under a `sweep` binary with a
# base's, so that a change meant to keep every verdict on real skills can
# be checked in one line a sweep:
#
#   bash benches/sweep/check.sh BASE_TAG        # writes DIR/BASE_TAG-NN.txt
#   bash benches/sweep/check.sh TAG BASE_TAG    # writes DIR/TAG-NN.txt, prints same/differs
#
# SWEEP is the binary (default target/release/examples/sweep), DIR the
# folder `fetch.py` filled (default /work/tmp/sweeps: sweepNN/ inside).
# Sweeps 05, 12-22 and 28-32 are the fetchable ones (npm and PyPI lists
# here; 28-32 fetched with --max-per-package 40, then the folders their
# headers name deleted). A sweep with no BASE_TAG output yet says so.
set -euo pipefail
cd "$(dirname "$0")/../.."
sweep=${SWEEP:-target/release/examples/sweep}
dir=${DIR:-/work/tmp/sweeps}
tag=${1:?usage: check.sh TAG [BASE_TAG]}
base=${2:-}
for n in 05 12 13 14 15 16 17 18 19 20 21 22 28 29 30 31 32; do
  cap=60
  case $n in 28 | 29 | 30 | 31 | 32) cap=40 ;; esac
  [ -d "$dir/sweep$n" ] || { echo "$n missing: python3 benches/sweep/fetch.py benches/sweep/sweep$n.txt $dir/sweep$n --max-per-package $cap"; continue; }
  "$sweep" "$dir/sweep$n" > "$dir/$tag-$n.txt" 2>&1 || true
  if [ -z "$base" ]; then
    echo "$n $(tail -1 "$dir/$tag-$n.txt")"
  elif [ ! -f "$dir/$base-$n.txt" ]; then
    echo "$n no $base output: $(tail -1 "$dir/$tag-$n.txt")"
  elif cmp -s "$dir/$base-$n.txt" "$dir/$tag-$n.txt"; then
    echo "$n same"
  else
    echo "$n differs: diff $dir/$base-$n.txt $dir/$tag-$n.txt"
  fi
done
