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
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
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
