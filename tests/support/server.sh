# shellcheck shell=bash
# shellcheck disable=SC2034  # ariadne_* are this library's outputs
# Starts and stops ariadne-server for the shell tests and scripts: one way for
# all of them (tests/support/ariadne_server.py does the same for Python). The
# port comes through a FIFO given as --port-file, read in short slices up to a
# deadline, so a start takes exactly as long as the server needs and a server
# that dies or hangs fails at once or at the deadline, with its log's end.
#
#   source "$source_dir/tests/support/server.sh"
#   trap ariadne_cleanup EXIT        # or call it first in your own EXIT trap
#   ariadne_start_server "$server" --threads 1 || exit 1
#   ... "$ariadne_url" (ws://127.0.0.1:PORT/ws), $ariadne_port, $ariadne_pid, $ariadne_log
#   ariadne_stop_server              # SIGTERM, a bounded wait, SIGKILL; returns the exit code
#
# ariadne_start_server [--log FILE|-] [--timeout SECONDS] COMMAND...
#   COMMAND is the server binary and its options, or a wrapper that execs it
#   (taskset -c 0 SERVER ...); this appends --bind 127.0.0.1 --port 0
#   --port-file FIFO and, unless COMMAND names one, --log-level warn. It waits
#   for the port, then for GET /healthz to answer "ok", all within the timeout
#   (default $ARIADNE_START_TIMEOUT, else 30 s). Sets ariadne_pid, ariadne_port,
#   ariadne_url, ariadne_http (http://127.0.0.1:PORT) and ariadne_log (the
#   server's stdout and stderr: a file of its own unless --log names one; "-"
#   leaves them on the caller's). On failure it stops the server, prints why
#   on stderr (prefix $ariadne_error_prefix, default "FAIL:") with the end of
#   the log, and returns 1. Call it in the shell that will stop the server (not
#   in $(...)): only that shell can wait for its exit code.
# ariadne_launch_server [--log FILE|-] [--timeout SECONDS] [--host HOST] COMMAND...
#   The same with only --port-file appended: the caller chooses the address and
#   the port (scripts/run.sh); the readiness check asks HOST (default 127.0.0.1).
# ariadne_stop_server [PID]
#   Stops the server (default $ariadne_pid) with SIGTERM, waits up to
#   $ariadne_stop_timeout seconds (default 15), then SIGKILL. Sets
#   ariadne_exit_code and returns it (0 after a clean SIGTERM); a nonzero code is
#   reported on stderr with the end of the log. Under set -e: ariadne_stop_server || true.
# ariadne_cleanup [STATUS]
#   For an EXIT trap: stops every server still running and removes the
#   library's files; when STATUS (default $?, the script's exit status when this
#   is the trap's first command) is a failure, prints the end of each server log.

ariadne_error_prefix=${ariadne_error_prefix:-FAIL:}
ariadne_stop_timeout=${ariadne_stop_timeout:-15}
ariadne_pid=
ariadne_port=
ariadne_url=
ariadne_http=
ariadne_log=
ariadne_exit_code=
_ariadne_dir=
_ariadne_count=0
_ariadne_pids=()
_ariadne_logs=()
declare -gA _ariadne_log_of=()

# Microseconds since the epoch, into _ariadne_now (no subshell).
_ariadne_clock() {
  local t=$EPOCHREALTIME
  _ariadne_now=${t//[.,]/}
}

_ariadne_log_tail() {
  local log=$1
  if [ -z "$log" ]; then
    return 0
  elif [ "$log" = - ]; then
    echo "(its output is above)" >&2
  elif [ -s "$log" ]; then
    echo "--- the end of its log ($log):" >&2
    tail -n 20 "$log" >&2
    echo "---" >&2
  else
    echo "(its log $log is empty)" >&2
  fi
}

# The body of GET URL, or a failure (curl if present, else python3), no proxy.
_ariadne_get() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsS --noproxy '*' --max-time 2 "$1" 2>/dev/null
  else
    python3 -c 'import sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
sys.stdout.write(opener.open(sys.argv[1], timeout=2).read().decode())' "$1" 2>/dev/null
  fi
}

# _ariadne_run HOST DEFAULTS(0|1) LOG TIMEOUT COMMAND...
_ariadne_run() {
  local host=$1 defaults=$2 log=$3 timeout=$4
  shift 4
  if [ $# -eq 0 ]; then
    echo "$ariadne_error_prefix ariadne_start_server: no server command given" >&2
    return 1
  fi
  if ! [[ $timeout =~ ^[0-9]+$ ]] || [ "$timeout" -eq 0 ]; then
    echo "$ariadne_error_prefix ariadne_start_server: timeout '$timeout' is not whole seconds" >&2
    return 1
  fi
  if [ -z "$_ariadne_dir" ]; then
    _ariadne_dir=$(mktemp -d "${TMPDIR:-/tmp}/ariadne-server.XXXXXX")
  fi
  _ariadne_count=$((_ariadne_count + 1))
  local fifo=$_ariadne_dir/port.$_ariadne_count
  [ -n "$log" ] || log=$_ariadne_dir/server.$_ariadne_count.log
  local extra=(--port-file "$fifo")
  if [ "$defaults" = 1 ]; then
    extra=(--bind 127.0.0.1 --port 0 "${extra[@]}")
    local arg level=0
    for arg in "$@"; do
      case $arg in --log-level | --log-level=*) level=1 ;; esac
    done
    [ $level = 1 ] || extra+=(--log-level warn)
  fi
  local command
  printf -v command '%q ' "$@" "${extra[@]}"
  mkfifo "$fifo"
  if [ "$log" = - ]; then
    "$@" "${extra[@]}" &
  else
    "$@" "${extra[@]}" >"$log" 2>&1 &
  fi
  local pid=$!
  _ariadne_pids+=("$pid")
  _ariadne_logs+=("$log")
  _ariadne_log_of[$pid]=$log
  # Read and write: opening does not wait for the server, and reads can time out.
  local fd
  exec {fd}<>"$fifo"
  _ariadne_clock
  local deadline=$((_ariadne_now + timeout * 1000000))
  local text='' chunk='' why=''
  while :; do
    if IFS= read -r -t 0.1 -u "$fd" chunk; then
      text+=$chunk
      break
    fi
    text+=$chunk
    if ! kill -0 "$pid" 2>/dev/null; then
      local status=0
      wait "$pid" 2>/dev/null || status=$?
      why="exited with status $status before it reported its port"
      break
    fi
    _ariadne_clock
    if [ "$_ariadne_now" -ge "$deadline" ]; then
      why="did not report its port within $timeout s"
      break
    fi
  done
  exec {fd}<&-
  rm -f "$fifo"
  if [ -z "$why" ] && ! [[ $text =~ ^[0-9]+$ ]]; then
    why="reported '$text' as its port"
  fi
  # Readiness: the port is bound; /healthz says the server serves.
  local http=http://$host:$text answer=
  while [ -z "$why" ]; do
    answer=$(_ariadne_get "$http/healthz") || answer=
    [ "$answer" = ok ] && break
    if ! kill -0 "$pid" 2>/dev/null; then
      local status=0
      wait "$pid" 2>/dev/null || status=$?
      why="exited with status $status after it reported port $text"
      break
    fi
    _ariadne_clock
    if [ "$_ariadne_now" -ge "$deadline" ]; then
      why="did not answer GET $http/healthz with ok within $timeout s (last answer: '$answer')"
      break
    fi
    sleep 0.05
  done
  if [ -n "$why" ]; then
    echo "$ariadne_error_prefix ariadne-server $why" >&2
    echo "  command: $command" >&2
    _ariadne_log_tail "$log"
    if kill -0 "$pid" 2>/dev/null; then
      ariadne_stop_server "$pid" >/dev/null 2>&1 || true
    fi
    # Shown once: the cleanup neither stops it nor shows its log again.
    _ariadne_forget "$pid"
    return 1
  fi
  ariadne_pid=$pid
  ariadne_port=$text
  ariadne_http=$http
  ariadne_url=ws://$host:$text/ws
  ariadne_log=$log
  return 0
}

# Leading options of the two start functions, into _ariadne_opt_*; sets
# _ariadne_shift to the number of words they took.
_ariadne_options() {
  _ariadne_opt_log='' _ariadne_opt_host=127.0.0.1 _ariadne_shift=0
  _ariadne_opt_timeout=${ARIADNE_START_TIMEOUT:-30}
  while [ $# -ge 2 ]; do
    case $1 in
      --log) _ariadne_opt_log=$2 ;;
      --timeout) _ariadne_opt_timeout=$2 ;;
      --host) _ariadne_opt_host=$2 ;;
      *) break ;;
    esac
    shift 2
    _ariadne_shift=$((_ariadne_shift + 2))
  done
}

ariadne_start_server() {
  _ariadne_options "$@"
  shift "$_ariadne_shift"
  _ariadne_run 127.0.0.1 1 "$_ariadne_opt_log" "$_ariadne_opt_timeout" "$@"
}

ariadne_launch_server() {
  _ariadne_options "$@"
  shift "$_ariadne_shift"
  _ariadne_run "$_ariadne_opt_host" 0 "$_ariadne_opt_log" "$_ariadne_opt_timeout" "$@"
}

ariadne_stop_server() {
  local pid=${1:-$ariadne_pid}
  ariadne_exit_code=
  if [ -z "$pid" ]; then
    echo "$ariadne_error_prefix ariadne_stop_server: no server to stop" >&2
    return 1
  fi
  kill -TERM "$pid" 2>/dev/null || true
  _ariadne_clock
  local deadline=$((_ariadne_now + ariadne_stop_timeout * 1000000)) killed=0
  while kill -0 "$pid" 2>/dev/null; do
    _ariadne_clock
    if [ "$_ariadne_now" -ge "$deadline" ]; then
      echo "ariadne-server (pid $pid) still runs $ariadne_stop_timeout s after SIGTERM: SIGKILL" >&2
      kill -KILL "$pid" 2>/dev/null || true
      killed=1
      break
    fi
    sleep 0.05
  done
  local status=0
  wait "$pid" 2>/dev/null || status=$?
  ariadne_exit_code=$status
  # Stopped: the cleanup has nothing left to do with it.
  local kept=() p
  for p in "${_ariadne_pids[@]}"; do [ "$p" = "$pid" ] || kept+=("$p"); done
  _ariadne_pids=("${kept[@]}")
  [ "$pid" != "$ariadne_pid" ] || ariadne_pid=
  if [ "$status" -ne 0 ]; then
    [ $killed = 1 ] || echo "ariadne-server (pid $pid) exited with status $status" >&2
    _ariadne_log_tail "${_ariadne_log_of[$pid]:-}"
  fi
  return "$status"
}

# A server whose start failed: neither stopped nor shown again by the cleanup.
_ariadne_forget() {
  local pid=$1 log=${_ariadne_log_of[$1]:-} kept=() p
  for p in "${_ariadne_pids[@]}"; do [ "$p" = "$pid" ] || kept+=("$p"); done
  _ariadne_pids=("${kept[@]}")
  kept=()
  for p in "${_ariadne_logs[@]}"; do [ "$p" = "$log" ] || kept+=("$p"); done
  _ariadne_logs=("${kept[@]}")
}

# shellcheck disable=SC2120  # STATUS is optional: $? by default
ariadne_cleanup() {
  local status=${1:-$?}
  local pid log
  for pid in "${_ariadne_pids[@]}"; do
    ariadne_stop_server "$pid" >/dev/null 2>&1 || true
  done
  if [ "$status" -ne 0 ] && [ "$status" -ne 77 ]; then
    for log in "${_ariadne_logs[@]}"; do
      if [ "$log" != - ] && [ -s "$log" ]; then
        echo "--- the end of ariadne-server's log ($log):" >&2
        tail -n 20 "$log" >&2
      fi
    done
  fi
  [ -z "$_ariadne_dir" ] || rm -rf "$_ariadne_dir"
  _ariadne_dir=
  return 0
}
