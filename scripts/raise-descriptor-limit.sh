# Sourced by the bench scripts: raises the soft descriptor limit to 20,000 (or the hard limit if
# that is lower), since 10,000 idle connections take a descriptor each, on both sides.
wanted=20000
hard=$(ulimit -Hn)
if [ "$hard" != unlimited ] && [ "$hard" -lt "$wanted" ]; then
    echo "note: the descriptor limit is at most $hard here; idle-memory skips counts above it" >&2
    wanted=$hard
fi
ulimit -n "$wanted"
