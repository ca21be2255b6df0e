#!/usr/bin/env bash
# Time and peak memory of rankup on hostile files (the figures behind tests/hostile_files.rs,
# which only checks generous ceilings): deep nesting at growing sizes up to each loader's
# limit, a FIFO, a symbolic-link loop, a directory, a device, non-UTF-8 bytes. Each case is
# put in one place (the config's variants/ and themes/, config.ron, the data folder's games/
# and saves/) and the command that reads that place runs under GNU time.
# Measured 2026-11-27: every case under 0.1 s and 60 MiB (see the issue-28 note).
# Usage: benches/hostile_files.sh [path/to/rankup]   (default: target/release/rankup)
set -euo pipefail
BIN=$(realpath "${1:-target/release/rankup}")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
command -v /usr/bin/time >/dev/null || { echo "needs GNU time (/usr/bin/time)" >&2; exit 1; }

nest() { # open close count
    python3 -c "import sys; n=int(sys.argv[3]); sys.stdout.write(sys.argv[1]*n + sys.argv[2]*n)" "$1" "$2" "$3"
}
union_nest() { # count: a variant file whose one piece moves by a Union nested COUNT deep
    python3 - "$1" <<'PY'
import sys
n = int(sys.argv[1])
sys.stdout.write('(id: "deep", name: "Deep", files: 8, ranks: 8, pieces: [(name: "King", '
                 "letter: 'K', royal: true, movement: " + 'Union([' * n + 'Betza("K")'
                 + '])' * n + ')], start: "4k3/8/8/8/8/8/8/4K3 w - - 0 1")')
PY
}
embedded() { # file: a save whose embedded game definition is FILE's text, with its true hash
    python3 - "$1" <<'PY'
import sys
text = open(sys.argv[1]).read()
h = 0xcbf29ce484222325
for b in text.encode():
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
esc = text.replace('\\', '\\\\').replace('"', '\\"')
sys.stdout.write('#![enable(implicit_some)]\n(version: 1, variant: "deep", '
                 f'variant_hash: "{h:016x}", variant_file: "{esc}", '
                 'start: "4k3/8/8/8/8/8/8/4K3 w - - 0 1", players: (white: Human(name: None), '
                 'black: Human(name: None)), result: "*", started: "2025-06-01T18:30:00Z", moves: [])\n')
PY
}

# make CASE PATH: puts hostile case CASE at PATH.
make() {
    local case=$1 path=$2
    mkdir -p "$(dirname "$path")"
    case $case in
        nest-12k) nest '(' ')' 6000 >"$path" ;;
        nest-200k) nest '(' ')' 100000 >"$path" ;;
        open-250k) nest '[' '' 250000 >"$path" ;;
        nest-1m) nest '{' '}' 500000 >"$path" ;;
        nest-8m) nest '(' ')' 4000000 >"$path" ;;
        union-90k) union_nest 8000 >"$path" ;;
        embedded-200k) nest '(' ')' 100000 >"$WORK/def"; embedded "$WORK/def" >"$path" ;;
        fifo) mkfifo "$path" ;;
        loop) ln -s "$(basename "$path")" "$path" ;;
        dir) mkdir "$path" ;;
        device) ln -s /dev/zero "$path" ;;
        binary) head -c 200000 /dev/urandom >"$path" ;;
    esac
}

run() { # label command...: one line of exit code, seconds, peak KiB and the first stderr line
    local label=$1; shift
    local rc=0 secs=- kib=- first
    rm -f "$WORK/time"
    timeout 20 /usr/bin/time -o "$WORK/time" -f '%e %M' "$@" >/dev/null 2>"$WORK/err" || rc=$?
    [ -s "$WORK/time" ] && read -r secs kib < <(tail -1 "$WORK/time")
    [ "$rc" = 124 ] && secs=">20"
    first=$(head -1 "$WORK/err" | cut -c1-90)
    printf '%-34s rc=%-3s %6s s %8s KiB  %s\n' "$label" "$rc" "$secs" "$kib" "$first"
}

for case in nest-12k nest-200k open-250k union-90k fifo loop dir device binary; do
    home=$WORK/$case-variants
    make "$case" "$home/config/variants/x.ron"
    export RANKUP_CONFIG_DIR=$home/config RANKUP_DATA_DIR=$home/data
    run "variants/ $case: moves chess" "$BIN" moves chess
    run "variants/ $case: variant check" "$BIN" variant check "$home/config/variants/x.ron"
done
for case in nest-200k nest-1m fifo loop dir device binary; do
    home=$WORK/$case-config
    make "$case" "$home/config/config.ron"
    export RANKUP_CONFIG_DIR=$home/config RANKUP_DATA_DIR=$home/data
    run "config.ron $case: play" "$BIN" play chess </dev/null
    home=$WORK/$case-themes
    make "$case" "$home/config/themes/x.ron"
    export RANKUP_CONFIG_DIR=$home/config RANKUP_DATA_DIR=$home/data
    run "themes/ $case: --theme x play" "$BIN" --theme x play chess </dev/null
done
# (`export` reads a FIFO it is given by name as `cat` does, waiting for a writer; the app's
# lists, which find files in the folders, are timed in tests/hostile_files.rs.)
for case in nest-200k nest-8m embedded-200k loop dir device binary; do
    home=$WORK/$case-saves
    make "$case" "$home/data/saves/x.ron"
    export RANKUP_CONFIG_DIR=$home/config RANKUP_DATA_DIR=$home/data
    run "saves/ $case: export" "$BIN" export "$home/data/saves/x.ron"
    home=$WORK/$case-games
    make "$case" "$home/data/games/2026-01-01T000000Z-chess-abcd.ron"
    export RANKUP_CONFIG_DIR=$home/config RANKUP_DATA_DIR=$home/data
    run "games/ $case: export" "$BIN" export "$home/data/games/2026-01-01T000000Z-chess-abcd.ron"
done
