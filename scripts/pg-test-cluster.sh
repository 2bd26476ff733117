#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the API suite (trust auth, loopback, a private port) and
# prints its TEST_DATABASE_URL. PostgreSQL refuses to run as root, so the cluster belongs to the
# `postgres` user. Usage: export TEST_DATABASE_URL=$(bash scripts/pg-test-cluster.sh)
set -euo pipefail
port="${PG_TEST_PORT:-55432}"
# A port something else already listens on (an earlier cluster) is skipped.
while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bindir/initdb" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

data=$(mktemp -d /tmp/mc-pg-XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres: "$data"
as_postgres "$bindir/initdb" -D "$data" --auth=trust --username=postgres --encoding=UTF8 --locale=C.UTF-8 >/dev/null
as_postgres "$bindir/pg_ctl" -D "$data" -w -l "$data/server.log" \
  -o "-p $port -k $data -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null
echo "postgres://postgres@127.0.0.1:$port/postgres"
