#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the API suite (trust auth, loopback, a private port) and
# prints its TEST_DATABASE_URL; `stop URL` stops that cluster and deletes its data. PostgreSQL refuses
# to run as root, so the cluster belongs to the `postgres` user. Usage:
#   export TEST_DATABASE_URL=$(bash scripts/pg-test-cluster.sh)
#   bash scripts/pg-test-cluster.sh stop "$TEST_DATABASE_URL"
set -euo pipefail
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bindir/initdb" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
# Where each cluster this script started keeps its data folder's name, by port.
record() { echo "${TMPDIR:-/tmp}/mc-pg-cluster-$1"; }

if [ "${1:-}" = stop ]; then
  port=$(echo "${2:-}" | sed -n 's#^postgres://[^@]*@127\.0\.0\.1:\([0-9]*\)/.*#\1#p')
  [ -n "$port" ] && [ -f "$(record "$port")" ] || { echo "no cluster of this script at '${2:-}'" >&2; exit 1; }
  data=$(cat "$(record "$port")")
  as_postgres "$bindir/pg_ctl" -D "$data" -m fast -w stop >/dev/null || true
  rm -rf "$data" "$(record "$port")"
  exit 0
fi

port="${PG_TEST_PORT:-55432}"
# A port something else already listens on (an earlier cluster) is skipped.
while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done

data=$(mktemp -d /tmp/mc-pg-XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres: "$data"
as_postgres "$bindir/initdb" -D "$data" --auth=trust --username=postgres --encoding=UTF8 --locale=C.UTF-8 >/dev/null
as_postgres "$bindir/pg_ctl" -D "$data" -w -l "$data/server.log" \
  -o "-p $port -k $data -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null
echo "$data" >"$(record "$port")"
echo "postgres://postgres@127.0.0.1:$port/postgres"
