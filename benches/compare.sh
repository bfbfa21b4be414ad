#!/usr/bin/env bash
# Before and after in one run: random games/s of every game at its goal's player count through
# `legal_actions_for` + `apply_in_place` (benches/compare/src/main.rs), built against an old
# commit and against this checkout, then run turn about (old, new, old, new, ...) so that both
# see the same machine; and the Monte-Carlo agent's play-outs/s in Kingdom Builder 4p the same way.
# Prints the median of the rounds per side and the ratio.
#
#   benches/compare.sh                # against 8b2ec86, the start of the speed work (issue 15)
#   benches/compare.sh <commit> 5     # another commit, 5 rounds
#   TABULA_BENCH_MS=500 benches/compare.sh   # shorter batches
#   benches/compare.sh --instructions <commit> [games]   # instructions, not time (valgrind)
#
# With --instructions each side plays a fixed workload once under valgrind's callgrind (the
# games of seeds 0..games, default 1000, of every game; 30 Monte-Carlo decisions) and the table
# gives instructions per game (per decision): a count that other load on the machine and code
# alignment do not move, where timings on a shared virtual machine swing by 10-20 %. It
# checks that both sides played the same number of actions, i.e. the same games.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=time
if [ "${1:-}" = --instructions ]; then
    mode=instructions
    shift
    command -v valgrind >/dev/null || { echo "compare.sh --instructions needs valgrind" >&2; exit 2; }
fi
base=${1:-8b2ec86}
rounds=${2:-3}
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/old-src" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

git -C "$root" worktree add --detach "$work/old-src" "$base" >/dev/null 2>&1
for side in old new; do
    src=$([ $side = old ] && echo "$work/old-src" || echo "$root")
    mkdir -p "$work/$side"
    cp -r "$root/benches/compare/src" "$root/benches/compare/Cargo.toml" "$work/$side/"
    sed -i "s|path = \"../..\"|path = \"$src\"|" "$work/$side/Cargo.toml"
    echo "building against $side ($([ $side = old ] && echo "$base" || git -C "$root" rev-parse --short HEAD))" >&2
    cargo build --quiet --release --manifest-path "$work/$side/Cargo.toml" \
        --target-dir "$work/target-$side"
done
if [ $mode = instructions ]; then
    games=${2:-1000}
    # Instructions of one run of the fixed workload: `side what instructions output...`.
    count() {
        local side=$1 what=$2 out
        shift 2
        out=$(env "$@" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
            "$work/target-$side/release/tabula-compare" 2>"$work/vg")
        echo "$side $what $(grep -o 'refs: *[0-9,]*' "$work/vg" | tr -d ', ' | cut -d: -f2) ${out:-}"
    }
    for game in sequence-dice mosaix the-border kingdom-builder alea-iacta-est; do
        for side in old new; do
            echo "$game: $side" >&2
            count $side "$game" TABULA_COMPARE_GAMES="$games" TABULA_COMPARE_ONLY="$game" >>"$work/results"
        done
    done
    for side in old new; do
        echo "Monte-Carlo: $side" >&2
        count $side monte-carlo TABULA_PLAYOUT_DECISIONS=30 >>"$work/results"
    done
    python3 - "$work/results" "$base" "$games" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    side, what, refs, *rest = line.split()
    rows.setdefault(what, {})[side] = (int(refs), rest[2] if rest else "")
games = int(sys.argv[3])
print(f"| game | workload | before ({sys.argv[2]}) | after | after / before |")
print("|---|---|---:|---:|---:|")
for what, d in rows.items():
    (old, old_actions), (new, new_actions) = d["old"], d["new"]
    if old_actions != new_actions:
        sys.exit(f"{what}: the two sides played different games ({old_actions} and {new_actions} actions)")
    per, unit = (games, "game") if what != "monte-carlo" else (30, "decision (100 play-outs)")
    print(f"| {what} | instructions per {unit} | {old / per:,.0f} | {new / per:,.0f} | {new / old:.3f}x |")
PY
    exit 0
fi
for r in $(seq "$rounds"); do
    for side in old new; do
        echo "round $r: $side" >&2
        "$work/target-$side/release/tabula-compare" | sed "s/^/$side /" >>"$work/results"
    done
done
python3 - "$work/results" "$base" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    side, game, players, rate, unit = line.split()
    rows.setdefault((game, players, unit), {}).setdefault(side, []).append(float(rate))
print(f"| game | players | figure | before ({sys.argv[2]}) | after | after / before |")
print("|---|---:|---|---:|---:|---:|")
for (game, players, unit), d in rows.items():
    old, new = statistics.median(d["old"]), statistics.median(d["new"])
    figure = "random games/s" if unit == "games/s" else "Monte-Carlo play-outs/s"
    print(f"| {game} | {players} | {figure} | {old:,.0f} | {new:,.0f} | {new / old:.2f}x |")
PY
