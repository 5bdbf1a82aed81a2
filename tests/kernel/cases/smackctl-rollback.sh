# smackctl's rollback when the kernel refuses a write part-way through a
# reload, for each class it writes: rules, CIPSO mappings, netlabel
# entries, knobs.  After each refusal the kernel's state (load2, cipso2,
# netlabel, ipv6host, the knobs) is compared with the state before: what
# the kernel can take back must be as it was, and what it cannot (labels,
# new IPv4 netlabel entries) must be named in the messages.
#
# smackctl checks the tree against the kernel's limits before it writes,
# so the kernel has no reason left to refuse a write part-way.  The
# refusals are therefore made by tests/kernel/fault-inject.c, preloaded
# into smackctl: it fails the Nth write to a named smackfs file with
# EINVAL, or (SMACK_FAULT_DO=privilege) lets the kernel itself refuse that
# write by taking CAP_MAC_ADMIN out of the effective set for it, a real
# refusal (EPERM) at a chosen point.  A static build ignores LD_PRELOAD:
# the case then skips itself.
#
# The case leaves two IPv4 netlabel entries (10.88.0.0/16, 10.89.0.0/16)
# in the kernel, which cannot delete them.
. "$SRCDIR/tests/kernel/lib.sh"

inject=$BUILDDIR/tests/kernel/fault-inject.so
faults=$T/faults
[ -f "$inject" ] || { echo "# no $inject"; exit 77; }

# Tree A, the state before; tree B changes every class.
mkdir -p "$T/a/accesses.d" "$T/a/cipso.d" "$T/a/netlabel.d"
printf 'RbKeep RbObj rwx\nRbChange RbObj r\nRbGone RbObj w\n' \
	> "$T/a/accesses.d/rules"
printf 'RbMapped 3 5\nRbAt200 200 9\n' > "$T/a/cipso.d/maps"
printf '10.77.0.0/16 RbNetOld\n2001:db8:77::/48 RbNet6Gone\n' \
	> "$T/a/netlabel.d/hosts"
echo RbAmbA > "$T/a/ambient"

mkdir -p "$T/b/accesses.d" "$T/b/cipso.d" "$T/b/netlabel.d"
{
	printf 'RbKeep RbObj rwx\nRbChange RbObj rw\n'
	awk 'BEGIN { for (i = 0; i < 600; i++) printf "RbN%d RbObj r\n", i }'
} > "$T/b/accesses.d/rules"
printf '10.77.0.0/16 RbNetNew\n2001:db8:88::/48 RbNet6New\n10.88.0.0/16 RbNet4a\n10.89.0.0/16 RbNet4b\n' \
	> "$T/b/netlabel.d/hosts"
echo RbAmbB > "$T/b/ambient"
echo both > "$T/b/logging"
echo exact > "$T/b/ptrace"
echo 200 > "$T/b/direct"
echo 252 > "$T/b/mapped"
echo '_ RbCap' > "$T/b/onlycap"
# B's mappings: RbMapped changes; each step adds two labels the kernel has
# never seen (one of 24 characters or more, whose new mapping the kernel
# makes from a number it does not show), written before RbMapped.
long=LongLabelOfMoreThan24Chars
cipso_b() {
	printf 'RbA%sx%s 6 11\nRbA%sy 5 9\nRbMapped 4 7\n' "$1" "$long" "$1" \
		> "$fault_tree/cipso.d/maps"
}
# The tree and the command of faulty_reload.
fault_tree=$T/b fault_cmd=reload

check "apply tree A" smackctl --config-dir "$T/a" apply

# snapshot DIR: the kernel's state, sorted (from a copy: sort reads a
# smackfs file, which has no size, a hundred times slower in UML).
snapshot() {
	mkdir -p "$1"
	for f in load2 cipso2 netlabel ipv6host; do
		cat "$SMACKFS/$f" > "$1/$f" && sort -o "$1/$f" "$1/$f"
	done
	(cd "$SMACKFS" && grep -aH '' onlycap ambient logging ptrace direct \
		mapped doi) > "$1/knobs"
}

# faulty_reload STEP FILE AT [VAR=VALUE...]: reloads tree B (or runs
# $fault_cmd with $fault_tree) with the fault; the state before is in $T/STEP.before, after in $T/STEP.after,
# the messages in $T/STEP.err.  Returns 1 (and says so) when the fault
# did not happen (a static build), 0 otherwise.
faulty_reload() {
	step=$1 file=$2 at=$3; shift 3
	cipso_b "$step"
	snapshot "$T/$step.before"
	rm -f "$faults"
	env LD_PRELOAD="$inject" SMACK_FAULT_LOG="$faults" \
		SMACK_FAULT_FILE="$file" SMACK_FAULT_AT="$at" "$@" \
		smackctl --config-dir "$fault_tree" $fault_cmd 2> "$T/$step.err"
	status=$?
	sed "s/^/# $step: /" "$T/$step.err"
	snapshot "$T/$step.after"
	if [ ! -s "$faults" ]; then
		skip "$step: refusal of $file write $at" \
			"the fault injector is not preloaded (a static build?)"
		return 1
	fi
	check_eq "$step: the refused smackctl $fault_cmd exits 1" 1 "$status"
	return 0
}

# same STEP FILE...: these parts of the kernel's state are as before.
same() {
	step=$1; shift
	for f; do
		if cmp -s "$T/$step.before/$f" "$T/$step.after/$f"; then
			pass "$step: $f is as it was"
		else
			fail "$step: $f is as it was"
			diff "$T/$step.before/$f" "$T/$step.after/$f" | sed 's/^/# /'
		fi
	done
}

# mappings_kept STEP: every label known before has its mapping of before.
mappings_kept() {
	check_eq "$1: every label's CIPSO mapping is as it was" "" \
		"$(comm -23 "$T/$1.before/cipso2" "$T/$1.after/cipso2")"
}

# says STEP TEXT: the messages have TEXT.
says() {
	check "$1: says \"$2\"" grep -qF -- "$2" "$T/$1.err"
}

# -- Rules: load2's first write makes the labels new to the kernel, the
# next ones carry the 602 rules; the third is refused, the second's rules
# are in.  Nothing of CIPSO, netlabel or the knobs was written.
if faulty_reload s1 load2 3; then
	same s1 load2 netlabel ipv6host knobs
	mappings_kept s1
	says s1 "the kernel refused rule"
	says s1 "labels it did not know before"
	says s1 "otherwise the kernel has the policy it had before"
	check "s1: the new labels of the rules are named" \
		grep -q 'RbN[0-9]' "$T/s1.err"
	check "s1: a new short label has the mapping of a new label" \
		grep -Eq "^RbAs1y +250/" "$T/s1.after/cipso2"
	check "s1: a new long label has the mapping of a new label" \
		grep -Eq "^RbAs1x$long +251/" "$T/s1.after/cipso2"
fi

# -- CIPSO: the two new labels' mappings are written, RbMapped's is
# refused; the two are put back to the mapping the kernel gave them.
if faulty_reload s2 cipso2 3; then
	same s2 load2 netlabel ipv6host knobs
	mappings_kept s2
	says s2 "the kernel refused the CIPSO mapping of \"RbMapped\""
	check_eq "s2: the new labels are all that is new in cipso2" \
		"RbAs2x$long RbAs2y" \
		"$(comm -13 "$T/s2.before/cipso2" "$T/s2.after/cipso2" |
			awk '{ print $1 }' | sort | tr '\n' ' ' | sed 's/ $//')"
	check "s2: the long one's mapping is not the one written" \
		grep -Eq "^RbAs2x$long +251/" "$T/s2.after/cipso2"
	check "s2: the short one's mapping is not the one written" \
		grep -Eq "^RbAs2y +250/" "$T/s2.after/cipso2"
	says s2 "the kernel keeps the 2 labels it did not know before"
fi

# -- Netlabel: the changed IPv4 entry and the deletion of the IPv6 entry
# tree B lacks are written (smack_netlabel_diff() orders entries by
# family, prefix and address), the new IPv6 one is refused.
if faulty_reload s3 ipv6host 2; then
	same s3 load2 netlabel ipv6host knobs
	mappings_kept s3
	says s3 "the kernel refused the netlabel entry \"2001:0db8:0088:0000:0000:0000:0000:0000/48 RbNet6New\""
fi

# -- Knobs: ambient, logging, ptrace and direct are written, mapped is
# refused.  Moving the direct level from 250 to 200 moved every label on
# 250 to 200; putting it back moved every label on 200, RbAt200's own
# mapping too, to 250: that mapping is written again.
if faulty_reload s4 mapped 1; then
	same s4 load2 netlabel ipv6host knobs
	mappings_kept s4
	says s4 "the kernel refused mapped \"252\""
	check "s4: RbAt200 is still on level 200" \
		grep -Eq '^RbAt200 +200/9$' "$T/s4.after/cipso2"
fi

# -- A real refusal: the kernel refuses ptrace (EPERM) for want of
# CAP_MAC_ADMIN, after ambient and logging were written.
if faulty_reload s5 ptrace 1 SMACK_FAULT_DO=privilege; then
	same s5 load2 netlabel ipv6host knobs
	mappings_kept s5
	says s5 "the kernel refused ptrace \"1\": Operation not permitted"
fi

# -- Undoing fails too: every cipso2 write from the second on is refused,
# the rollback's included.  smackctl says so, and a reload puts it right.
if faulty_reload s6 cipso2 2 SMACK_FAULT_COUNT=0; then
	same s6 load2 netlabel ipv6host knobs
	says s6 "cannot put the CIPSO mappings back"
	says s6 "the kernel's policy is now partly changed"
	check "s6: the mapping written is still there" \
		grep -Eq "^RbAs6x$long +6/11$" "$T/s6.after/cipso2"
fi

# -- New IPv4 entries, which the kernel cannot delete, are written after
# all else but onlycap: 10.88.0.0/16 is written, 10.89.0.0/16 refused.
# The other entries and the knobs are put back; 10.88.0.0/16 stays.
if faulty_reload s7 netlabel 3; then
	same s7 load2 ipv6host knobs
	mappings_kept s7
	says s7 "the netlabel entry \"10.88.0.0/16 RbNet4a\" stays: the kernel cannot delete IPv4 entries"
	says s7 "the kernel's policy is now partly changed"
	check_eq "s7: the one entry left is all that changed in netlabel" \
		"10.88.0.0/16 RbNet4a" \
		"$(comm -13 "$T/s7.before/netlabel" "$T/s7.after/netlabel")"
fi

# -- Onlycap, written last, is refused: 10.89.0.0/16, written just before
# it, stays; all else is put back.
if faulty_reload s8 onlycap 1; then
	same s8 load2 ipv6host knobs
	mappings_kept s8
	says s8 "the kernel refused onlycap"
	says s8 "the netlabel entry \"10.89.0.0/16 RbNet4b\" stays"
fi

# -- apply --keep-going, with a file left out and a refusal part-way: the
# refusal is taken back as without --keep-going, and the report of what
# was left out says that the rest is not loaded.
cp -r "$T/b" "$T/k"
printf 'RbBad RbObj rwq\n' > "$T/k/accesses.d/zz-bad"
fault_tree=$T/k fault_cmd="--keep-going apply"
if faulty_reload s10 cipso2 3; then
	same s10 load2 netlabel ipv6host knobs
	mappings_kept s10
	says s10 "$T/k/accesses.d/zz-bad: left out: it has errors"
	says s10 "the kernel refused the CIPSO mapping of \"RbMapped\""
	says s10 "1 file and 0 knobs of the configuration left out, and the rest not loaded: the kernel refused a write"
	check_fails "s10: it does not say that the rest is loaded" \
		grep -q "the rest is loaded" "$T/s10.err"
fi
fault_tree=$T/b fault_cmd=reload

# -- A tree that maps no label and leaves the direct level alone: smackctl
# does not read the kernel's labels (a long list) for it, so it cannot
# name those left, and says that there may be some.
mkdir -p "$T/e/accesses.d"
awk 'BEGIN { for (i = 0; i < 600; i++) printf "RbE%d RbObj r\n", i }' \
	> "$T/e/accesses.d/rules"
snapshot "$T/s9.before"
env LD_PRELOAD="$inject" SMACK_FAULT_LOG="$faults" SMACK_FAULT_FILE=load2 \
	SMACK_FAULT_AT=2 smackctl --config-dir "$T/e" reload 2> "$T/s9.err"
sed "s/^/# s9: /" "$T/s9.err"
snapshot "$T/s9.after"
same s9 load2 netlabel ipv6host knobs
says s9 "any label written that the kernel did not know stays known to it"
says s9 "otherwise the kernel has the policy it had before"

# -- The first write refused (EPERM, as for a caller without
# CAP_MAC_ADMIN): nothing was written, so nothing is put back and no
# label can be left; the outcome says that the kernel is as it was.
awk 'BEGIN { for (i = 0; i < 20; i++) printf "RbF%d RbObj r\n", i }' \
	> "$T/e/accesses.d/rules"
echo RbAmbF > "$T/e/ambient"
snapshot "$T/s11.before"
env LD_PRELOAD="$inject" SMACK_FAULT_LOG="$faults" SMACK_FAULT_FILE=load2 \
	SMACK_FAULT_AT=1 SMACK_FAULT_DO=privilege \
	smackctl --config-dir "$T/e" reload 2> "$T/s11.err"
sed "s/^/# s11: /" "$T/s11.err"
snapshot "$T/s11.after"
same s11 load2 netlabel ipv6host knobs
says s11 "Operation not permitted"
says s11 "nothing was changed: the kernel has the policy it had before"
check_fails "s11: no attempt to put back what was not written" \
	grep -q "cannot put" "$T/s11.err"
check_fails "s11: no label is said to be left" \
	grep -q "stays known\|labels it did not know" "$T/s11.err"
rm "$T/e/ambient"

# The order of the writes, as --dry-run prints it: the new IPv4 entries
# after the other knobs, onlycap last.
cipso_b s9
cp -r "$T/b" "$T/d"
echo '10.90.0.0/16 RbNet4c' >> "$T/d/netlabel.d/hosts"
smackctl --config-dir "$T/d" --dry-run reload > "$T/plan" 2>/dev/null
check_eq "dry run: new IPv4 entries after the knobs, onlycap last" \
	"knob mapped 252 netlabel 10.90.0.0/16 RbNet4c knob onlycap _ RbCap" \
	"$(grep -E '^(knob|netlabel)' "$T/plan" | tail -n 3 | tr '\n' ' ' |
		sed 's/ $//')"

# After all that, a reload without a fault brings the kernel to tree B.
check "a reload without a fault" smackctl --config-dir "$T/b" reload
check_eq "... leaves no drift" "drift=no" \
	"$(smackctl --config-dir "$T/b" --key-value status | grep '^drift=')"

# Without netlabel.d, the kernel's entries are not the tree's: none of the
# IPv4 entries left above counts as stale, and none is drift.
echo - > "$SMACKFS/onlycap"
mkdir -p "$T/c/accesses.d"
cp "$T/b/accesses.d/rules" "$T/c/accesses.d/"
smackctl --config-dir "$T/c" --key-value status > "$T/c.status"
check "without netlabel.d no entry is stale" \
	grep -qx netlabel_stale=0 "$T/c.status"
check "... and the entries are no drift" grep -qx drift=no "$T/c.status"
printf '10.88.0.0/16 RbNet4a\n' > "$T/b/netlabel.d/hosts"
smackctl --config-dir "$T/b" --key-value status > "$T/b.status"
check "with netlabel.d each IPv4 entry it lacks is stale" \
	grep -qx "netlabel_stale=$(($(grep -c . "$SMACKFS/netlabel") - 1))" \
	"$T/b.status"

# IPv6 entries can go.
printf '2001:db8:88::/48 -DELETE\n' | smacknetlabel - 2> /dev/null
finish
