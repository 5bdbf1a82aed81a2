# smackctl reload: the kernel ends equal to the tree, only changes are
# written, and a rule that stays is never denied, not even for a moment.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

# Two trees sharing 20 persisting pairs; each also has pairs of its own and
# a pair whose access differs.  Tree B reaches a persisting pair's access
# through an allow/deny line.
make_tree() {
	mkdir -p "$1/accesses.d"
	awk 'BEGIN { for (i = 0; i < 20; i++) printf "RlP%d RlObj rwx\n", i }' \
		> "$1/accesses.d/10-persist"
}
make_tree "$T/a"
make_tree "$T/b"
awk 'BEGIN { for (i = 0; i < 30; i++) printf "RlA%d RlObj r\n", i }
	END { print "RlC RlObj r" }' < /dev/null > "$T/a/accesses.d/20-own"
awk 'BEGIN { for (i = 0; i < 30; i++) printf "RlB%d RlObj w\n", i }
	END { print "RlC RlObj rw"; print "RlP3 RlObj rwxa"; print "RlP3 RlObj - a" }' \
	< /dev/null > "$T/b/accesses.d/20-own"

check "apply tree A" smackctl --config-dir "$T/a" apply
out=$(smackctl --config-dir "$T/b" --dry-run reload)
check_eq "reload --dry-run lists exactly the changes" 61 \
	"$(printf '%s\n' "$out" | grep -c '^rule ')"
check "... a new pair" sh -c 'printf "%s\n" "$1" | grep -qx "rule RlB0 RlObj w"' sh "$out"
check "... a vanished pair" sh -c 'printf "%s\n" "$1" | grep -qx "rule RlA0 RlObj -"' sh "$out"
check "... a changed pair" sh -c 'printf "%s\n" "$1" | grep -qx "rule RlC RlObj rw"' sh "$out"
check_fails "... no persisting pair" sh -c 'printf "%s\n" "$1" | grep -q "RlP"' sh "$out"

check "reload to tree B" smackctl --config-dir "$T/b" reload
check "a new pair is there" has_rule RlB29 RlObj w
check_fails "a vanished pair is gone" grep -q '^RlA0 ' "$SMACKFS/load2"
check "a changed pair has its new access" has_rule RlC RlObj rw
check "a persisting pair is as it was" has_rule RlP3 RlObj rwx
check_eq "the kernel has exactly tree B's 51 rules" 51 "$(grep -c . "$SMACKFS/load2")"
check_eq "reload again has nothing to do" "" \
	"$(smackctl --config-dir "$T/b" --dry-run reload)"

# probe FILE: asks access2 about three persisting pairs until $T/stop
# appears, then writes "queries denials" to FILE; it is running when
# probe_started returns.
probe() {
	"$BUILDDIR/tests/loader/access-probe" "$T/stop" "RlP0 RlObj rwx" \
		"RlP3 RlObj rwx" "RlP19 RlObj rx" > "$1"
}
probe_started() {
	_tries=0
	while [ ! -e "$T/stop.ready" ] && [ $_tries -lt 3000 ]; do
		sleep 0.1
		_tries=$((_tries + 1))
	done
}

# The probe does see a gap: clearing and then applying (the old smackctl's
# reload) denies the persisting pairs in between.
rm -f "$T/stop" "$T/stop.ready"
probe "$T/probe.gap" &
probe_started
smackctl clear
sleep 0.3
smackctl --config-dir "$T/b" apply
sleep 0.3
touch "$T/stop"
wait
read -r n denied < "$T/probe.gap"
check "the probe sees the gap of clear-then-apply ($denied of $n denied)" \
	test "$denied" -gt 0

# 50 reloads between the trees: never one denial.  Under valgrind, where
# each run costs more than a second to start, 6: the same code each time.
rounds=25
[ "${SLOWDOWN:-1}" -gt 1 ] && rounds=3
reloads=$((rounds * 2))
rm -f "$T/stop" "$T/stop.ready"
probe "$T/probe.reload" &
probe_started
failed=0
i=0
while [ $i -lt $rounds ]; do
	smackctl --config-dir "$T/a" reload || failed=$((failed + 1))
	smackctl --config-dir "$T/b" reload || failed=$((failed + 1))
	i=$((i + 1))
done
sleep 0.2
touch "$T/stop"
wait
read -r n denied < "$T/probe.reload"
check_eq "$reloads reloads succeed" 0 "$failed"
check "the probe ran during the reloads ($n queries)" \
	test "$n" -gt $((500 / ${SLOWDOWN:-1}))
check_eq "no persisting pair was denied during $reloads reloads" 0 "$denied"
check "after them the kernel has tree B" has_rule RlC RlObj rw

# A change too large for the delta table (smack_accesses_diff_kernel()
# then maps every pair and reads load2 again): 1,500 pairs of their own
# in tree D, every pair of tree B gone but the persisting ones.
make_tree "$T/d"
awk 'BEGIN { for (i = 0; i < 1500; i++) printf "RlD%d RlObj%d rw\n", i, i % 7 }' \
	< /dev/null > "$T/d/accesses.d/20-own"
check "reload to tree D, a large change" smackctl --config-dir "$T/d" reload
check_eq "the kernel has exactly tree D's 1,520 rules" 1520 \
	"$(grep -c . "$SMACKFS/load2")"
check "a pair of D's own" has_rule RlD1499 RlObj1 rw
check "a persisting pair is as it was" has_rule RlP19 RlObj rwx
check_fails "B's pairs are gone" grep -q '^RlB' "$SMACKFS/load2"
check_eq "reload again has nothing to do" "" \
	"$(smackctl --config-dir "$T/d" --dry-run reload)"
check "and back to tree B" smackctl --config-dir "$T/b" reload
check_eq "the kernel has exactly tree B's 51 rules again" 51 \
	"$(grep -c . "$SMACKFS/load2")"

# A bad tree reloads nothing.
cp -r "$T/a" "$T/bad"
printf 'RlBad RlObj rwq\n' >> "$T/bad/accesses.d/20-own"
sort "$SMACKFS/load2" > "$T/before"
smackctl --config-dir "$T/bad" reload 2> "$T/err"
check_eq "reload of a bad tree exits 1" 1 "$?"
check "... names the file and line" \
	grep -q "^smackctl: $T/bad/accesses.d/20-own:32:" "$T/err"
sort "$SMACKFS/load2" > "$T/after"
check "... and changes nothing" cmp -s "$T/before" "$T/after"

# A kernel refusal: exit 1, and the rules are as before.
capsh --drop=cap_mac_admin -- -c \
	"smackctl --config-dir '$T/a' reload 2> '$T/err'"
check_eq "reload refused by the kernel exits 1" 1 "$?"
check "... says so" grep -q "the kernel refused rule 1 of the 61" "$T/err"
sort "$SMACKFS/load2" > "$T/after"
check "... and leaves the rules as they were" cmp -s "$T/before" "$T/after"
finish
