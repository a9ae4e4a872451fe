# Sourced by .ci/run: provides a PostgreSQL server for the tests that need
# one (STO-7) and exports SKILLWORLD_TEST_PG; fails if it cannot.
#   1. SKILLWORLD_TEST_PG already set and reachable: used as it is;
#   2. a local server on 127.0.0.1:5432 that lets `postgres` in: used;
#   3. otherwise Debian's postgresql package (installed if missing) runs a
#      throw-away cluster as the `postgres` user in a temporary folder on a
#      free port, stopped when .ci/run exits.

pg_reachable() {
  command -v psql >/dev/null && psql "$1" -Atqc 'SELECT 1' >/dev/null 2>&1
}

pg_free_port() {
  local port
  for port in $(seq 55432 55532); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  echo "no free port between 55432 and 55532" >&2
  return 1
}

pg_throwaway_cluster() {
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    apt-get update && apt-get install -y postgresql
  fi
  local bin port
  bin=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
  port=$(pg_free_port)
  PG_CI_DIR=$(mktemp -d /tmp/skillworld-ci-pg.XXXXXX)
  chown postgres "$PG_CI_DIR"
  runuser -u postgres -- "$bin/initdb" -D "$PG_CI_DIR/data" -A trust -U postgres >/dev/null
  runuser -u postgres -- "$bin/pg_ctl" -D "$PG_CI_DIR/data" -l "$PG_CI_DIR/log" -w \
    -o "-p $port -k $PG_CI_DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start
  PG_CI_STOP="runuser -u postgres -- $bin/pg_ctl -D $PG_CI_DIR/data -m fast stop"
  trap 'pg_stop_cluster' EXIT
  export SKILLWORLD_TEST_PG="postgres://postgres@127.0.0.1:$port/postgres"
}

pg_stop_cluster() {
  if [ -n "${PG_CI_STOP:-}" ]; then
    $PG_CI_STOP >/dev/null || true
    rm -rf "$PG_CI_DIR"
  fi
}

if [ -n "${SKILLWORLD_TEST_PG:-}" ] && pg_reachable "$SKILLWORLD_TEST_PG"; then
  echo "PostgreSQL: using SKILLWORLD_TEST_PG"
elif pg_reachable "postgres://postgres@127.0.0.1:5432/postgres"; then
  export SKILLWORLD_TEST_PG="postgres://postgres@127.0.0.1:5432/postgres"
  echo "PostgreSQL: using the local server on 127.0.0.1:5432"
else
  pg_throwaway_cluster
  echo "PostgreSQL: throw-away cluster at $SKILLWORLD_TEST_PG"
fi
pg_reachable "$SKILLWORLD_TEST_PG" || { echo "PostgreSQL at $SKILLWORLD_TEST_PG is not reachable"; exit 1; }
