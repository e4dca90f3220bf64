#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server, then removes the server.
#
#   scripts/ci/with-postgres.sh <command...>
#   e.g. scripts/ci/with-postgres.sh npm run test:db
#
# Creates a private cluster in a temporary folder (trust auth, superuser "postgres", listening
# only on 127.0.0.1 on a free port, unix socket in the same folder), creates database "kva_ci",
# exports DATABASE_URL=postgres://postgres@127.0.0.1:<port>/kva_ci, runs the command, stops the
# cluster and deletes the folder, and exits with the command's status.
#
# For tests that take the server away (npm run test:faults) it also exports PGDATA (the
# cluster's folder), PG_BINDIR and PG_CTL: a script that runs pg_ctl on this cluster as its
# owner, with the same port and settings, e.g. `"$PG_CTL" restart -m fast`, `"$PG_CTL" stop -m
# fast`, `"$PG_CTL" start`. Needs Debian's
# `postgresql` package (or PG_BINDIR pointing at a folder with initdb, pg_ctl and createdb).
# As root, the server runs as the `postgres` user because initdb refuses root.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command...>   (runs the command with DATABASE_URL set to a throwaway PostgreSQL)" >&2
  exit 2
fi

log() { echo "[with-postgres] $*" >&2; }

# Newest installed server unless PG_BINDIR says otherwise.
if [[ -z "${PG_BINDIR:-}" ]]; then
  initdb_path=$(ls -1d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -z "$initdb_path" ]]; then
    log "PostgreSQL server binaries not found (install Debian's 'postgresql' package or set PG_BINDIR)."
    exit 1
  fi
  PG_BINDIR=$(dirname "$initdb_path")
fi

tmp=$(mktemp -d /tmp/with-postgres.XXXXXX)
pgdata="$tmp/data"
started=0

# Runs a command as the server's owner (postgres when we are root), from inside the temp folder.
as_owner() {
  if [[ $EUID -eq 0 ]]; then
    runuser -u postgres -- env -C "$tmp" "$@"
  else
    (cd "$tmp" && "$@")
  fi
}

cleanup() {
  local status=$?
  if [[ $started -eq 1 || -f "$pgdata/postmaster.pid" ]]; then
    as_owner "$PG_BINDIR/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null 2>&1 \
      || as_owner "$PG_BINDIR/pg_ctl" -D "$pgdata" -m immediate -w stop >/dev/null 2>&1 || true
    log "stopped PostgreSQL."
  fi
  rm -rf "$tmp"
  exit "$status"
}
child=""
# On Ctrl-C or kill: stop the command first, then the EXIT trap stops the server.
on_signal() {
  if [[ -n "$child" ]]; then
    kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  exit "$1"
}
trap cleanup EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

# A port that is free right now on 127.0.0.1 (the OS picks it).
free_port() {
  node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

if [[ $EUID -eq 0 ]]; then chown postgres: "$tmp"; fi
as_owner "$PG_BINDIR/initdb" -D "$pgdata" -U postgres --auth=trust --encoding=UTF8 --locale=C --no-sync >"$tmp/initdb.log" 2>&1 \
  || { cat "$tmp/initdb.log" >&2; log "initdb failed."; exit 1; }

server_options() {
  echo "-c listen_addresses=127.0.0.1 -c port=$1 -c unix_socket_directories='$tmp' -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
}

# Another process may grab the port between the check and the start: try a few.
for attempt in 1 2 3; do
  port=$(free_port)
  if as_owner "$PG_BINDIR/pg_ctl" -D "$pgdata" -l "$tmp/server.log" -w -t 60 \
      -o "$(server_options "$port")" \
      start >/dev/null; then
    started=1
    break
  fi
  log "start on port $port failed (attempt $attempt):"
  tail -n 5 "$tmp/server.log" >&2 || true
  [[ -f "$pgdata/postmaster.pid" ]] && as_owner "$PG_BINDIR/pg_ctl" -D "$pgdata" -m immediate -w stop >/dev/null 2>&1 || true
done
if [[ $started -ne 1 ]]; then
  log "could not start PostgreSQL."
  exit 1
fi

as_owner "$PG_BINDIR/createdb" -h 127.0.0.1 -p "$port" -U postgres kva_ci

# pg_ctl for this cluster, as its owner, with its port and settings (see the header).
cat >"$tmp/pg_ctl.sh" <<EOF_CTL
#!/usr/bin/env bash
set -euo pipefail
action=\$1; shift
run() { if [[ \$EUID -eq 0 ]]; then runuser -u postgres -- env -C "$tmp" "\$@"; else (cd "$tmp" && "\$@"); fi; }
run "$PG_BINDIR/pg_ctl" -D "$pgdata" -l "$tmp/server.log" -w -t 60 -o "$(server_options "$port")" "\$action" "\$@"
EOF_CTL
chmod 755 "$tmp/pg_ctl.sh"
export PGDATA="$pgdata" PG_BINDIR PG_CTL="$tmp/pg_ctl.sh"
export DATABASE_URL="postgres://postgres@127.0.0.1:$port/kva_ci"
log "PostgreSQL $("$PG_BINDIR/postgres" --version | awk '{print $3}') running; DATABASE_URL=$DATABASE_URL"

# In the background (stdin kept) so a signal to this script is handled at once.
"$@" <&0 &
child=$!
status=0
wait "$child" || status=$?
child=""
exit "$status"
