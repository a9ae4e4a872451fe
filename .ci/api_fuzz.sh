#!/usr/bin/env bash
# schemathesis against a live `skillworld serve` (issue 21): the habitat's
# own OpenAPI document (GET /api/v1/openapi.json) drives generated requests.
#   - every route with an AGENT token (ada), once on her own world and once
#     aimed at another agent's (bob's) paths;
#   - the ADMIN token on read (GET) routes only, so it cannot revoke itself
#     or restore snapshots;
# checks: no 5xx, every answer conforms to the document (status, content
# type, body schema); and bob's skills are byte for byte what they were.
# Bounded in examples and time; usage: .ci/api_fuzz.sh BIN VENV
set -euo pipefail
bin=$(realpath "$1")
venv=$(realpath "$2")
: "${FUZZ_EXAMPLES:=20}" "${FUZZ_SECONDS:=45}"
data=$(mktemp -d)
log="$data/serve.log"
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT
export SKILLWORLD_DB="$data/world.redb"
"$bin" agent add ada >/dev/null
"$bin" agent add bob >/dev/null
"$bin" import worlds/examples --agent bob >/dev/null
"$bin" import worlds/examples --agent ada >/dev/null
agent_token=$("$bin" token create --agent ada)

"$bin" serve --port 0 >"$log" 2>&1 &
server=$!
url=
for _ in $(seq 100); do
  url=$(grep -o 'listening on http://[0-9.:]* ' "$log" | head -1 | cut -d' ' -f3) || true
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { cat "$log"; echo "the server did not start"; exit 1; }
admin_token=$(cat "$data/admin.token")

# bob's skills as the admin sees them: every skill's full answer.
digest() {
  "$venv/bin/python" - "$url" "$admin_token" <<'PY'
import hashlib, json, sys, urllib.request
url, token = sys.argv[1], sys.argv[2]
def get(path):
    request = urllib.request.Request(url + path, headers={"Authorization": f"Bearer {token}"})
    return json.load(urllib.request.urlopen(request))
rows = get("/api/v1/agents/bob/skills?layer=private&limit=1000")
names = sorted(row["name"] for row in rows["items"] if row.get("agent") == "bob")
assert names, "bob has private skills"
skills = [get(f"/api/v1/agents/bob/skills/{name}") for name in names]
print(len(names), hashlib.sha256(json.dumps(skills, sort_keys=True).encode()).hexdigest())
PY
}
before=$(digest)

# One worker: with two, Hypothesis's lambda descriptions raced in Python's
# ast module ("AST constructor recursion depth mismatch", a tool error).
run() { # NAME TOKEN [schemathesis options…]
  local name=$1 token=$2
  shift 2
  printf -- '--- schemathesis: %s\n' "$name"
  # From the scratch folder: schemathesis keeps a cache in its working one.
  (cd "$data" && "$venv/bin/schemathesis" --config-file "$data/$name.toml" run "$url/api/v1/openapi.json" \
    -H "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --phases examples,coverage,fuzzing --max-examples "$FUZZ_EXAMPLES" --max-time "$FUZZ_SECONDS" \
    --workers 1 --seed 21 --generation-database none --no-color --warnings off "$@")
}
# Path parameters aimed at real data: the agent, and a skill both have.
for pass in agent-own:ada agent-other:bob admin-read:bob; do
  printf '[parameters]\n"path.agent" = "%s"\n"path.name" = "commit-message"\n' \
    "${pass#*:}" >"$data/${pass%%:*}.toml"
done
run agent-own "$agent_token"
run agent-other "$agent_token"
run admin-read "$admin_token" --include-method GET

after=$(digest)
echo "bob's skills before: $before"
echo "bob's skills after:  $after"
[ "$before" = "$after" ] || { echo "another agent's data changed"; exit 1; }
if grep -q 'panicked' "$log"; then
  grep -B2 -A8 'panicked' "$log"
  exit 1
fi
