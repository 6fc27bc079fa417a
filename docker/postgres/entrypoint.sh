#!/bin/bash
# The PostgreSQL container's start (docker/postgres/Dockerfile): makes the
# cluster on its first start (the role `ariadne`, its password from
# ARIADNE_DB_PASSWORD, the database `ariadne`; connections from the network
# need that password), then runs the server in the foreground, where
# SIGTERM stops it cleanly (a "smart" shutdown).
set -euo pipefail
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${ARIADNE_DB_PASSWORD:-}" ]; then
    echo "error: set ARIADNE_DB_PASSWORD (the password of the role ariadne)" >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s\n' "$ARIADNE_DB_PASSWORD" >"$pwfile"
  initdb --username=ariadne --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/run/postgresql" \
    -w start >/dev/null
  createdb -h /run/postgresql -U ariadne ariadne
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "made the cluster: role ariadne, database ariadne"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c port="$PGPORT" \
  -c unix_socket_directories=/run/postgresql
