#!/usr/bin/env bash
# skillworld against the Python reference validator skills-ref: strict
# validation and catalog rendering on ../shared/corpus and a generated
# 10,000-skill corpus, one process each, plus every verdict that differs.
# Non-interactive; fails loudly when an install, a build or a step fails,
# and when a disagreement is not one docs/format.md documents.
#
#   bash benches/compare/run.sh [--rounds N]      (default 3)
#
# Writes target/compare/results.md. See benches/compare/README.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

rounds=3
if [ "${1:-}" = "--rounds" ]; then rounds="${2:?--rounds needs a number}"; fi

skills_ref_version=0.1.1
venv=target/compare-venv
work=target/compare
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"

step() { printf '\n=== %s\n' "$*"; }

step "Python venv with skills-ref $skills_ref_version in $venv"
command -v python3 >/dev/null || { echo "python3 is needed (apt-get install python3 python3-venv)" >&2; exit 1; }
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" || { echo "creating the venv failed (apt-get install python3-venv?)" >&2; exit 1; }
fi
"$venv/bin/python" -m pip install --disable-pip-version-check --no-input --quiet \
  "skills-ref==$skills_ref_version" \
  || { echo "pip install skills-ref==$skills_ref_version failed" >&2; exit 1; }
"$venv/bin/python" -c "import skills_ref; assert skills_ref.__version__ == '$skills_ref_version', skills_ref.__version__"

step "skillworld release binary"
cargo build --release -p skillworld-cli
skillworld="$CARGO_TARGET_DIR/release/skillworld"

step "generated corpus (10,000 skills)"
generated="$work/generated-corpus"
if [ ! -f "$generated/generated-skill-9999/SKILL.md" ]; then
  rm -rf "$generated"
  cargo bench -p skillworld-format --bench validate -- --write-corpus "$PWD/$generated"
fi

corpora=("generated=$generated")
shared=../shared/corpus
if [ -d "$shared" ]; then
  corpora=("shared=$shared" "${corpora[@]}")
else
  echo "note: $shared not present; only the generated corpus is compared"
fi

step "compare ($rounds rounds, medians)"
"$venv/bin/python" benches/compare/compare.py \
  --skillworld "$skillworld" --python "$venv/bin/python" --rounds "$rounds" \
  --out "$work/results.md" --work "$work" "${corpora[@]}"
