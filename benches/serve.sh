#!/usr/bin/env bash
# Measures `rankup serve` on loopback with the real OpenSSH client (needs tmux, ssh):
#   memory per connected client, CPU at rest with 20 idle clients, and the time from a
#   key press in one player's terminal to the move on the opponent's screen.
# Usage: benches/serve.sh [path/to/rankup]   (default: target/release/rankup)
# At scale (hundreds of scripted russh clients, live games, silent and slow-loris
# connections, a client that stops reading, huge terminals, a resize storm):
#   cargo bench --bench serve_load [-- --short]
set -euo pipefail
BIN=${1:-target/release/rankup}
WORK=$(mktemp -d)
PORT=$((20000 + RANDOM % 20000))
SOCK=rankup-bench-$$
T="tmux -L $SOCK"
SSHO="-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
cleanup() { $T kill-server 2>/dev/null || true; kill "$SERVER" 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

"$BIN" serve --listen 127.0.0.1:$PORT --data "$WORK/data" --per-ip 64 2>"$WORK/log" &
SERVER=$!
sleep 1
rss() { awk '/VmRSS/ {print $2}' /proc/$SERVER/status; }
ticks() { awk '{print $14 + $15}' /proc/$SERVER/stat; }

connect() { # name
    ssh-keygen -q -t ed25519 -N '' -f "$WORK/$1"
    $T new -d -s "$1" -x 80 -y 24 "ssh -p $PORT -tt -i $WORK/$1 $SSHO $1@127.0.0.1; sleep 600"
}
wait_for() { # session text
    for _ in $(seq 1 400); do
        $T capture-pane -p -t "$1" | grep -qF -- "$2" && return 0
        sleep 0.025
    done
    echo "timed out waiting for '$2' in $1" >&2; $T capture-pane -p -t "$1" >&2; exit 1
}

BASE=$(rss)
for i in $(seq 1 20); do
    connect "p$i"; wait_for "p$i" "Choose the name"
    $T send-keys -t "p$i" "P$i" Enter; wait_for "p$i" "you are P$i"
done
sleep 2
FULL=$(rss)
echo "memory: server RSS ${BASE} KiB idle, ${FULL} KiB with 20 clients in the lobby: $(( (FULL - BASE) / 20 )) KiB per client"
T0=$(ticks); sleep 30; T1=$(ticks)
echo "CPU at rest with 20 idle clients: $((T1 - T0)) ticks of 10 ms in 30 s ($(( (T1 - T0) * 10 / 300 ))‰ of one core)"

# Two of them play: P1 challenges P2 (chess, random side, 5+3). The lobby opens on the
# players, P1 (you) first: ↓ moves down the list to P2.
for _ in $(seq 1 30); do $T capture-pane -p -t p1 | grep -q "> P2 " && break; $T send-keys -t p1 Down; sleep 0.05; done
$T send-keys -t p1 c; wait_for p1 "Challenge P2"
$T send-keys -t p1 Enter; wait_for p2 "P1 → you"
# P2 is on itself, first of the players: ↑ goes up into the challenges.
$T send-keys -t p2 Up; $T send-keys -t p2 Enter; wait_for p1 "to move"
WHITE=p1; BLACK=p2
$T capture-pane -p -t p2 | grep -q "White (you) to move" && { WHITE=p2; BLACK=p1; }
MOVES=(e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7)
TIMES=()
for i in "${!MOVES[@]}"; do
    if (( i % 2 == 0 )); then ME=$WHITE; THEM=$BLACK; else ME=$BLACK; THEM=$WHITE; fi
    wait_for "$ME" "(you) to move"
    $T send-keys -t "$ME" ":" "${MOVES[$i]}"
    sleep 0.2
    START=$(date +%s%N)
    $T send-keys -t "$ME" Enter
    # The opponent's screen says it is their move (it said it was ours before).
    for _ in $(seq 1 4000); do
        $T capture-pane -p -t "$THEM" | grep -qF "(you) to move" && break
    done
    END=$(date +%s%N)
    TIMES+=($(( (END - START) / 1000000 )))
done
SORTED=$(printf '%s\n' "${TIMES[@]}" | sort -n | tr '\n' ' ')
echo "key press to the opponent's screen (ms, ${#TIMES[@]} moves, tmux polling included): $SORTED"
