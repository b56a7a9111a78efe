#!/usr/bin/env bash
# Writes tests/differential/BROWSER/overrides.txt from the recordings: every program whose recording
# (BROWSER/NAME.out) differs from taskhost's output on the virtual clock is listed with the smallest
# set of BROWSER's imitation rules that prints the recording byte for byte (among sets of one size,
# the first in the order of RULES below), or `unmodelled`.
#
#   tools/differential/overrides.sh firefox|webkit [--check] [--stats]
#
# Run from anywhere; it uses target/release/taskhost (build it first; $TASKHOST overrides it, and
# $JOBS the number of programs run at once, 2 by default). --check compares with the
# checked-in list instead of writing it (exit status 1 if they differ). --stats also prints, for
# each rule, on how many recorded programs adding it to the browser's other rules changes
# taskhost's output, and on how many of those the browser printed the output with the rule and
# without it (the evidence docs/EVENT_LOOP.md gives for each rule).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
browser=${1:?usage: overrides.sh firefox|webkit [--check] [--stats]}
shift
check=false
stats=false
for arg in "$@"; do
    case $arg in
        --check) check=true ;;
        --stats) stats=true ;;
        *) echo "unknown argument $arg" >&2; exit 2 ;;
    esac
done

# Each browser's rules (taskhost's `--imitate` names), in the order overrides list them.
case $browser in
    firefox) RULES=(timer-nesting-through-microtasks report-before-checkpoint one-message-per-task early-timer-clamp timer-executor) ;;
    webkit) RULES=(timer-nesting-through-microtasks timer-minimum-one-ms) ;;
    *) echo "no rules for $browser" >&2; exit 2 ;;
esac

taskhost=${TASKHOST:-$root/target/release/taskhost}
cases=$root/tests/differential/cases
recordings=$root/tests/differential/$browser
list=$recordings/overrides.txt
jobs=${JOBS:-2}

# The subsets of RULES, smallest first, each as a comma-separated list in RULES's order.
subsets=()
n=${#RULES[@]}
for size in $(seq 1 "$n"); do
    for mask in $(seq 1 $(((1 << n) - 1))); do
        bits=0 names=()
        for i in $(seq 0 $((n - 1))); do
            if (((mask >> i) & 1)); then
                bits=$((bits + 1))
                names+=("${RULES[$i]}")
            fi
        done
        if ((bits == size)); then
            subsets+=("$(IFS=,; echo "${names[*]}")")
        fi
    done
done

classify() {
    local name=$1 script=$cases/$1.js recording=$recordings/$1.out
    local args=(run --max-time 30 --virtual-time)
    [[ -f $cases/$name.input.json ]] && args+=(--input "$cases/$name.input.json")
    if "$taskhost" "${args[@]}" "$script" 2>/dev/null | cmp -s - "$recording"; then
        return
    fi
    local set
    for set in "${subsets[@]}"; do
        if "$taskhost" "${args[@]}" --imitate "$set" "$script" 2>/dev/null | cmp -s - "$recording"; then
            echo "$name $set"
            return
        fi
    done
    echo "$name unmodelled"
}

# For --stats: for each rule R, programs where the browser's other rules with and without R differ.
rule_stats() {
    local name=$1 script=$cases/$1.js recording=$recordings/$1.out rule others with without
    local args=(run --max-time 30 --virtual-time)
    [[ -f $cases/$name.input.json ]] && args+=(--input "$cases/$name.input.json")
    for rule in "${RULES[@]}"; do
        others=$(printf '%s\n' "${RULES[@]}" | grep -vx "$rule" | paste -sd, -)
        if [[ -n $others ]]; then
            without=$("$taskhost" "${args[@]}" --imitate "$others" "$script" 2>/dev/null || true)
        else
            without=$("$taskhost" "${args[@]}" "$script" 2>/dev/null || true)
        fi
        with=$("$taskhost" "${args[@]}" --imitate "$others${others:+,}$rule" "$script" 2>/dev/null || true)
        [[ $with == "$without" ]] && continue
        if [[ $with$'\n' == "$(cat "$recording")"$'\n' ]]; then
            echo "$rule $name with"
        elif [[ $without$'\n' == "$(cat "$recording")"$'\n' ]]; then
            echo "$rule $name without"
        else
            echo "$rule $name neither"
        fi
    done
}

export -f classify rule_stats
export taskhost cases recordings
export SUBSETS_DECL RULES_DECL
SUBSETS_DECL=$(declare -p subsets)
RULES_DECL=$(declare -p RULES)

names=$(cd "$recordings" && ls ./*.out | sed 's|^\./||; s|\.out$||' | sort -V)

run_all() {
    local fn=$1
    # shellcheck disable=SC2016
    printf '%s\n' $names | xargs -P "$jobs" -I{} bash -c \
        'eval "$SUBSETS_DECL"; eval "$RULES_DECL"; '"$fn"' "$1"' _ {}
}

if $stats; then
    run_all rule_stats | sort -k1,1 -k2,2V | awk '
        { changed[$1]++; count[$1 " " $3]++ }
        END { for (r in changed) printf "%s: changes %d, the recording is the output with it on %d, without it on %d, neither on %d\n",
              r, changed[r], count[r " with"] + 0, count[r " without"] + 0, count[r " neither"] + 0 }'
    exit 0
fi

header=$(grep '^#' "$list")
body=$(run_all classify | sort -k1,1V)
new=$(printf '%s\n%s\n' "$header" "$body")
if $check; then
    if diff <(cat "$list") <(printf '%s\n' "$new"); then
        echo "$list is up to date"
    else
        exit 1
    fi
else
    printf '%s\n' "$new" > "$list"
    echo "$(grep -vc '^#' "$list") programs listed, $(grep -c ' unmodelled$' "$list") unmodelled"
fi
