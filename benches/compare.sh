#!/usr/bin/env bash
# Before and after in one run: the driver of benches/compare/src/main.rs (random games through
# `legal_actions_for` + `apply_in_place`, the listing driver of the speed goals, and through the
# contract alone: `legal_actions`, `chance_outcomes` sampled by `Dice`; random chess, the
# anchor; the Monte-Carlo agent's play-outs in Kingdom Builder 4p) built against an old commit
# and against this checkout, then run turn about (old, new, old, new, ...) so that both see the
# same machine. Prints the median of the rounds per side and the ratio.
#
#   benches/compare.sh                # against 8b2ec86, the start of the speed work (issue 15)
#   benches/compare.sh <commit> 5     # another commit, 5 rounds
#   TABULA_BENCH_MS=500 benches/compare.sh   # shorter batches
#   benches/compare.sh --instructions <commit> [games]   # instructions, not time (valgrind)
#
# With --instructions each side plays a fixed workload once per row under valgrind's
# callgrind and the table gives instructions per game and per action, and per action as a
# multiple of a random chess ply counted the same way in the same run: a count that other load
# on the machine and code alignment do not move, where timings on a shared virtual machine
# swing by 10-20 %. Rows: every game at every player count through the listing driver, every
# game at its goal's count through the contract (games of seeds 0..games, default 1000, after
# a warm-up of 300 other games that is not counted, so that what an engine builds once per
# process is left out), random chess (1000 games), and 30 Monte-Carlo decisions (counted
# whole). It checks that both sides played the same number of actions, i.e. the same games.
# `TABULA_COMPARE_ROWS="mosaix:4 kingdom-builder:4:contract"` limits the game rows.
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
# The driver includes the chess anchor from ../../support (as in the source tree).
mkdir -p "$work/support"
cp "$root/benches/support/random_chess.rs" "$work/support/"
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
    # Instructions of one run of a fixed workload: `side what instructions output...`; the
    # settings after `what` go to the driver's environment.
    count() {
        local side=$1 what=$2 out
        shift 2
        local only=(--collect-atstart=no "--toggle-collect=tabula_compare::measured*")
        [ "$what" = monte-carlo ] && only=()
        out=$(env "$@" valgrind --tool=callgrind --callgrind-out-file=/dev/null "${only[@]}" \
            "$work/target-$side/release/tabula-compare" 2>"$work/vg")
        echo "$side $what $(grep -o 'refs: *[0-9,]*' "$work/vg" | tr -d ', ' | cut -d: -f2) ${out:-}"
    }
    rows=${TABULA_COMPARE_ROWS:-"sequence-dice:2 sequence-dice:3 sequence-dice:4 mosaix:1 mosaix:2
        mosaix:3 mosaix:4 the-border:2 the-border:3 the-border:4 kingdom-builder:2
        kingdom-builder:3 kingdom-builder:4 alea-iacta-est:2 alea-iacta-est:3 alea-iacta-est:4
        alea-iacta-est:5 sequence-dice:2:contract mosaix:4:contract the-border:4:contract
        kingdom-builder:4:contract alea-iacta-est:5:contract"}
    for side in old new; do
        echo "chess: $side" >&2
        count $side chess TABULA_COMPARE_GAMES=1000 TABULA_COMPARE_ONLY=chess >>"$work/results"
    done
    for row in $rows; do
        IFS=: read -r game players driver <<<"$row"
        driver=${driver:-listing}
        for side in old new; do
            echo "$game ${players}p ($driver): $side" >&2
            count $side "$game:$players:$driver" TABULA_COMPARE_GAMES="$games" \
                TABULA_COMPARE_ONLY="$game" TABULA_COMPARE_PLAYERS="$players" \
                TABULA_COMPARE_DRIVER="$driver" >>"$work/results"
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
    rows.setdefault(what, {})[side] = (int(refs), int(rest[2]) if rest else 0)
games = int(sys.argv[3])
chess = {side: refs / plies for side, (refs, plies) in rows.pop("chess").items()}
print(f"Random chess: {chess['old']:,.0f} instructions per ply (old side), "
      f"{chess['new']:,.0f} (new side).\n")
print(f"| game | players | driver | actions/game | instructions per game, before ({sys.argv[2]}) "
      "| after | after / before | per action, after | × chess ply, before | × chess ply, after |")
print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
mc = rows.pop("monte-carlo")
for what, d in rows.items():
    game, players, driver = what.split(":")
    (old, old_actions), (new, new_actions) = d["old"], d["new"]
    if old_actions != new_actions:
        sys.exit(f"{what}: the two sides played different games ({old_actions} and {new_actions} actions)")
    per = new_actions / games
    print(f"| {game} | {players} | {driver} | {per:.1f} | {old / games:,.0f} | {new / games:,.0f} "
          f"| {new / old:.3f}x | {new / new_actions:,.0f} | {old / old_actions / chess['old']:.2f} "
          f"| {new / new_actions / chess['new']:.2f} |")
(old, _), (new, _) = mc["old"], mc["new"]
print(f"\nMonte-Carlo, kingdom-builder 4p, instructions per decision (100 play-outs): "
      f"{old / 30:,.0f} before, {new / 30:,.0f} after, {new / old:.3f}x")
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
figures = {
    "games/s": "random games/s",
    "contract-games/s": "random games/s through the contract",
    "plies/s": "random chess plies/s (the anchor)",
    "play-outs/s": "Monte-Carlo play-outs/s",
}
print(f"| game | players | figure | before ({sys.argv[2]}) | after | after / before |")
print("|---|---:|---|---:|---:|---:|")
for (game, players, unit), d in rows.items():
    old, new = statistics.median(d["old"]), statistics.median(d["new"])
    print(f"| {game} | {players} | {figures.get(unit, unit)} | {old:,.0f} | {new:,.0f} | {new / old:.2f}x |")
PY
