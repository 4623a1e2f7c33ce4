#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server: `scripts/postgres.sh COMMAND [ARGS...]`.
# Installs Debian's postgresql with apt-get when initdb and pg_ctl are missing
# (scripts/test-setup.sh), starts a new cluster in a temporary directory on a free port of
# 127.0.0.1 (as the `postgres` user, or `nobody`, when run as root: initdb refuses root),
# exports its address as RAJAPASU_TEST_POSTGRES=postgres://rajapasu@127.0.0.1:PORT/postgres,
# and RAJAPASU_TEST_POSTGRES_RESTART, a script that restarts the cluster as a crash would
# (`pg_ctl restart -m immediate`, waiting until it accepts connections again, for 600 s at
# most: the test of a restart in the middle of play runs it), runs the command and stops and removes the cluster when it ends, whatever its result. The
# command's exit status is this script's.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: scripts/postgres.sh COMMAND [ARGS...]" >&2
  exit 2
fi

source "$(dirname "$0")/test-setup.sh"
setup postgres
BIN=$(pg_bin) || { echo "error: postgresql installed but initdb/pg_ctl not found" >&2; exit 1; }

# Who runs the server: initdb refuses to run as root.
AS=()
if [ "$(id -u)" -eq 0 ]; then
  if id postgres >/dev/null 2>&1; then USER_PG=postgres; else USER_PG=nobody; fi
  AS=(runuser -u "$USER_PG" --)
fi

DIR=$(mktemp -d "${TMPDIR:-/tmp}/rajapasu-pg.XXXXXX")
chmod 755 "$DIR"
if [ ${#AS[@]} -gt 0 ]; then chown "$USER_PG" "$DIR"; fi

free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$(( 20000 + RANDOM % 40000 ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  return 1
}
PORT=$(free_port) || { echo "error: no free port found" >&2; exit 1; }

stop() {
  "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT

"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U rajapasu --auth=trust -E UTF8 >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; exit 1; }
# pg_ctl waits 60 s by default for the server to take connections, which a busy machine can
# exceed: the wait ends when it does, and 600 s is only the bound to fail by.
WAIT=600
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t "$WAIT" \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null \
  || { cat "$DIR/server.log" >&2; exit 1; }

export RAJAPASU_TEST_POSTGRES="postgres://rajapasu@127.0.0.1:$PORT/postgres"
# pg_ctl restart starts the server again with the options of the last start.
printf '#!/usr/bin/env bash\nexec %q -D %q -l %q -m immediate -w -t %q restart >/dev/null\n' \
  "$BIN/pg_ctl" "$DIR/data" "$DIR/server.log" "$WAIT" >"$DIR/restart.sh"
if [ ${#AS[@]} -gt 0 ]; then
  sed -i "2s|^exec |exec ${AS[*]} |" "$DIR/restart.sh"
fi
chmod 755 "$DIR/restart.sh"
export RAJAPASU_TEST_POSTGRES_RESTART="$DIR/restart.sh"
echo "PostgreSQL for tests at $RAJAPASU_TEST_POSTGRES"
set +e
"$@"
STATUS=$?
set -e
exit $STATUS
