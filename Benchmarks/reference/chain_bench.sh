# Shared by the chain benchmarks (Benchmarks/chain-balances, Benchmarks/safe-info); sourced, not run.
# The caller sets `here` (Benchmarks/), `repo` and `runs`, and `set -euo pipefail`.
# Gives: $state (a temporary directory, removed on exit with the devnet and the proxy stopped),
# bench_venv, bench_bifrost, bench_start_chain and measure.

state=$(mktemp -d)
proxy_pid=""
bench_cleanup() {
    [ -n "$proxy_pid" ] && kill "$proxy_pid" 2>/dev/null
    "$repo/scripts/devnet" stop --state-dir "$state" >/dev/null 2>&1 || true
    rm -rf "$state"
}
trap bench_cleanup EXIT

# bench_venv DIR PACKAGE…: a Python venv at DIR with exactly these pinned packages, created on the
# first run and installed again only when the list changes (DIR/.bench-stamp holds it).
bench_venv() {
    local venv=$1; shift
    local want="$*"
    if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.bench-stamp" 2>/dev/null)" = "$want" ]; then
        return 0
    fi
    echo "==> Python venv at ${venv#"$repo/"} with $want (first run only)" >&2
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$@"
    echo "$want" > "$venv/.bench-stamp"
}

# bench_bifrost: sets $bin to $BIFROST_BIN, else to a fresh release build of bifrost.
bench_bifrost() {
    bin=${BIFROST_BIN:-}
    if [ -z "$bin" ]; then
        echo "==> building bifrost (release)" >&2
        (cd "$repo" && swift build -c release --product bifrost >/dev/null)
        bin="$(cd "$repo" && swift build -c release --show-bin-path)/bifrost"
    fi
}

# bench_start_chain: a fresh devnet on a random port (its deployments in $state/deployments.json)
# and the counting proxy in front of it. Sets $node (the devnet) and $rpc (the proxy).
bench_start_chain() {
    local port=$((20000 + RANDOM % 20000))
    local proxy_port=$((port + 1))
    "$repo/scripts/devnet" start --port "$port" --state-dir "$state" >&2
    python3 "$here/reference/counting_proxy.py" "$proxy_port" "http://127.0.0.1:$port" &
    proxy_pid=$!
    node="http://127.0.0.1:$port"
    rpc="http://127.0.0.1:$proxy_port"
    for _ in $(seq 50); do curl -sf "$rpc/count" >/dev/null && return 0; sleep 0.1; done
    echo "counting proxy did not start on port $proxy_port" >&2
    return 1
}

# measure LABEL COMMAND…: runs the command $runs times through the proxy, output discarded;
# prints "round_trips median_ms" (round trips of the last run).
measure() {
    shift
    local times=() trips=0
    for _ in $(seq "$runs"); do
        curl -s "$rpc/reset" >/dev/null
        local t0 t1
        t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N)
        times+=($(( (t1 - t0) / 1000000 )))
        trips=$(curl -s "$rpc/count")
    done
    local median
    median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
    echo "$trips $median"
}
