#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# smackctl lint on the host: each check on a tree made to trip it (the
# warning and its notes at every place involved), a clean tree, -W and
# -Wno-, --werror, --json, --root, "# lint: ignore", errors in the tree,
# usage errors, and hostile file names and patterns escaped in the text
# and in the JSON.
. "$abs_top_srcdir/tests/loader/lib.sh"

t=$tap_tmp

# lint DESC STATUS ARG...: smackctl --config-dir $tree ARG... lint.
lint() {
	_desc=$1 _want=$2
	shift 2
	expect_exit "$_desc" "$_want" "$SMACKCTL" --config-dir "$tree" "$@" lint
}

# has DESC LINE: LINE is a whole line of the last standard output.
has() {
	if grep -qxF -- "$2" "$t/out"; then
		ok "$1"
	else
		not_ok "$1 (no line '$2')"
		diag_file "$t/out" 12
	fi
}

# count DESC N CHECK: N findings of CHECK in the last output.
count() {
	_n=$(grep -c -- " \[$3\]\$" "$t/out")
	[ "$_n" -eq "$2" ] && ok "$1" || { not_ok "$1 ($_n, not $2)"; diag_file "$t/out" 12; }
}

# ---- a clean tree
tree=$t/clean
mkdir -p "$tree/accesses.d"
printf 'Viewer News rw\nViewer Mail r\nMail News w\n' > "$tree/accesses.d/a"
lint "a clean tree exits 0" 0
[ ! -s "$t/out" ] && ok "... and prints nothing" || not_ok "... and prints nothing"
lint "--werror on a clean tree exits 0" 0 --werror

# ---- conflict, duplicate
tree=$t/rules
a=$tree/accesses.d
mkdir -p "$a"
printf 'Viewer News rw\nMail Inbox rw\nMail Inbox rw\nMail Inbox w -\nMail Inbox w -\n' > "$a/10-a"
printf 'Viewer News r\nMail Inbox rw\n' > "$a/20-b"
lint "conflict and duplicate: warnings exit 0" 0
has "conflict: the winning line, and why it wins" \
	"$a/20-b:1:1: warning: rule \"Viewer News r\" gives the pair other access than \"Viewer News rw\" at $a/10-a:1; this line wins: its file is read later (the files are read in name order) [conflict]"
has "... a note at the line it overrides" \
	"$a/10-a:1:1: note: \"Viewer News rw\" is overridden by the line at $a/20-b:1"
has "duplicate: at the repeat" \
	"$a/10-a:3:1: warning: rule \"Mail Inbox rw\" repeats the line at $a/10-a:2 [duplicate]"
has "... a note at the first" "$a/10-a:2:1: note: \"Mail Inbox rw\" first given here"
has "a four-field rule repeated is a duplicate" \
	"$a/10-a:5:1: warning: rule \"Mail Inbox w -\" repeats the line at $a/10-a:4 [duplicate]"
count "... a four-field rule is no conflict, the same access again none" 1 conflict
count "... three duplicates" 2 duplicate
printf 'Viewer News rw\nViewer News r\n' > "$a/30-c"
lint "conflict within a file" 0 -Wno-duplicate
has "... wins as the later line of the file" \
	"$a/30-c:2:1: warning: rule \"Viewer News r\" gives the pair other access than \"Viewer News rw\" at $a/30-c:1; this line wins: it comes later in the file [conflict]"
rm "$a/30-c"
lint "--werror with warnings exits 1" 1 --werror
lint "-Wno-conflict -Wno-duplicate" 0 -Wno-conflict -Wno-duplicate
[ ! -s "$t/out" ] && ok "... leaves nothing" || not_ok "... leaves nothing"
lint "-Wno-all -W duplicate" 0 -Wno-all -W duplicate
count "... only duplicate" 0 conflict
count "... all of them" 2 duplicate
lint "-W and -Wno- of one check: the last wins" 0 -Wno-all -Wduplicate -Wno-duplicate
[ ! -s "$t/out" ] && ok "... none" || not_ok "... none"
lint "--werror with every warning off exits 0" 0 --werror -Wno-all

# ---- rules past the pass's read-ahead
# The pass holds rules back in steps of 16 (the labels numbered, the
# pair's slot and record fetched) and takes the last ones as it ends:
# findings in a tree of 1 to 60 rules name the same lines wherever the
# rules stand against those steps.
tree=$t/steps
a=$tree/accesses.d
mkdir -p "$a"
for n in 1 15 16 17 31 32 33 47 48 49 60; do
	awk -v n="$n" 'BEGIN {
		for (i = 1; i < n; i++)
			print "S" i, "O" i, "r"
		print "S1", "O1", (n == 1 ? "r" : "rw")
	}' > "$a/a"
	lint "$n rules, the last giving the first pair other access" 0
	if [ "$n" -eq 1 ]; then
		[ ! -s "$t/out" ] && ok "... nothing" || not_ok "... nothing"
		continue
	fi
	has "... the conflict at line $n" \
		"$a/a:$n:1: warning: rule \"S1 O1 rw\" gives the pair other access than \"S1 O1 r\" at $a/a:1; this line wins: it comes later in the file [conflict]"
	count "... and no other" 1 conflict
done

# ---- no-effect
tree=$t/noeffect
a=$tree/accesses.d
mkdir -p "$a"
printf 'Same Same rw\nApp * w\nApp @ w\n@ App r\n* App rwx\nTool _ rx\nUtil _ l\n^ Data l\nLone Pair -\nKeep _ w\nKeep _ rx\nOther Thing rw\nOther Thing -\nProg _ rl\nApp Data rw\n' > "$a/a"
lint "no-effect" 0 -Wno-conflict
for n in 1 2 3 4 5 6 7 8 9; do
	grep -q "^$a/a:$n:1: warning: .*has no effect.* \[no-effect\]\$" "$t/out" &&
		ok "... line $n has no effect" || not_ok "... line $n has no effect"
done
for n in 10 11 12 13 14 15; do
	grep -q "^$a/a:$n:" "$t/out" && not_ok "... line $n has an effect" ||
		ok "... line $n has an effect"
done
has "... the reason is the library's built-in rule" \
	"$a/a:1:1: warning: rule \"Same Same rw\" has no effect: a label has every access to itself (a built-in rule of the kernel) [no-effect]"
has "... subject * can never act" \
	"$a/a:5:1: warning: rule \"* App rwx\" has no effect: subject \"*\" never gets any access (a built-in rule of the kernel) [no-effect]"
has "... \"-\" for a pair nothing else names" \
	"$a/a:9:1: warning: rule \"Lone Pair -\" has no effect: it gives no access to a pair that no other line names, which has none without it [no-effect]"

# ---- typo
tree=$t/typo
a=$tree/accesses.d
mkdir -p "$a" "$tree/cipso.d"
printf 'System::Mail Net rw\nSystem::Mail Disk r\nApp System::Mail w\nApp Systm::Mail r\nApp Net w\nNet App r\nApp Dsk r\nApp Disk x\n' > "$a/a"
printf '# format: list\nSystem::Mai 3 1\n' > "$tree/cipso.d/c"
lint "typo" 0
has "... one edit from a label named often" \
	"$a/a:4:1: warning: label \"Systm::Mail\" is named only here, 1 edit away from \"System::Mail\", which the tree names 3 times: a typo? [typo]"
has "... noted where that label is first named" "$a/a:1:1: note: \"System::Mail\" is first named here"
grep -q 'label "System::Mai" is named only here, 1 edit' "$t/out" &&
	ok "... a CIPSO label counts" || not_ok "... a CIPSO label counts"
grep -q '"Dsk"' "$t/out" && not_ok "... a short label is not checked" ||
	ok "... a short label is not checked"
count "... two typos" 2 typo

# ---- onlycap
tree=$t/onlycap
mkdir -p "$tree/accesses.d"
printf 'Admin System rw\n' > "$tree/accesses.d/a"
printf 'Admin Admn\n' > "$tree/onlycap"
lint "onlycap" 0
has "... a list without the boot process's label" \
	"$tree/onlycap:1:1: warning: onlycap leaves out \"_\", the label of the init that applies the tree at boot (the floor label): it loses CAP_MAC_ADMIN once smackctl apply sets the list [onlycap]"
has "... a label nothing else names" \
	"$tree/onlycap:1:1: warning: onlycap names \"Admn\", which no rule, CIPSO mapping, netlabel entry, label specification or other knob of the tree names [onlycap]"
count "... and no more" 2 onlycap
printf 'Init\n' > "$tree/ambient"
printf 'Admin Init\n' > "$tree/onlycap"
lint "onlycap with the tree's ambient label" 0
count "... is the boot label" 0 onlycap
: > "$tree/onlycap"
lint "an empty onlycap list" 0
count "... is fine" 0 onlycap

# ---- cipso, netlabel
tree=$t/net
mkdir -p "$tree/cipso.d" "$tree/netlabel.d"
printf '# format: list\nTop 3 1 2\nSame 3 2 1\nOther 3 1\nTop 3 1 2\n' > "$tree/cipso.d/c"
printf '10.0.0.0/8 Top\n10.1.0.0/16 Other\n10.0.0.0/8 Same\n' > "$tree/netlabel.d/n"
lint "cipso and netlabel" 0 -Wno-systemd
has "cipso: two labels, one mapping" \
	"$tree/cipso.d/c:3:1: warning: \"Same\" is mapped to the same level and categories as \"Top\" at $tree/cipso.d/c:2: the network cannot tell the two labels apart [cipso]"
has "... noted at the other" "$tree/cipso.d/c:2:1: note: \"Top\" is mapped here"
count "... a label mapped twice alike is not two" 1 cipso
has "netlabel: an entry a later one replaces" \
	"$tree/netlabel.d/n:1:1: warning: the entry \"10.0.0.0/8 Top\" never labels a packet: the entry for the same host at $tree/netlabel.d/n:3, read later, replaces it [netlabel]"
has "... noted at the later" "$tree/netlabel.d/n:3:1: note: \"10.0.0.0/8 Same\" replaces it"
count "... a longer prefix is reachable" 1 netlabel

# ---- labels
tree=$t/labels
mkdir -p "$tree/labels.d"
printf '/usr/bin/foo access=A\n/usr/bin/.* access=B\n/var/.* access=C\n/var/.* -d access=D\n/var/.* access=E\n/etc/x -l access=F\n/etc/x -- access=G\n/srv/a access=H\n/srv/[ab] access=I\n' > "$tree/labels.d/l"
lint "labels" 0
has "... a plain path a later pattern always decides" \
	"$tree/labels.d/l:1:1: warning: the line of \"/usr/bin/foo\" never decides a path: the line at $tree/labels.d/l:2, later, matches every path it matches, and the last matching line wins [labels]"
has "... a pattern repeated later" \
	"$tree/labels.d/l:3:1: warning: the line of \"/var/.*\" never decides a path: the line at $tree/labels.d/l:5, later, matches every path it matches, and the last matching line wins [labels]"
has "... noted at the line that wins" "$tree/labels.d/l:5:1: note: overrides the line at $tree/labels.d/l:3"
has "... a plain path through the library's matcher" \
	"$tree/labels.d/l:8:1: warning: the line of \"/srv/a\" never decides a path: the line at $tree/labels.d/l:9, later, matches every path it matches, and the last matching line wins [labels]"
count "... a line of one type by a later one of any; other types not" 4 labels

# ---- systemd
tree=$t/systemd
mkdir -p "$tree/accesses.d"
printf 'A B r\n  # A B w\n' > "$tree/accesses.d/a"
lint "systemd" 0
has "... the library's warning, as a finding" \
	"$tree/accesses.d/a:2:1: warning: an indented comment: systemd's loader skips only comments that start the line, and reads this one as a rule [systemd]"

# ---- # lint: ignore
tree=$t/ignore
a=$tree/accesses.d
mkdir -p "$a"
printf 'A B rw\n# lint: ignore conflict\nA B r\nC D r\n; lint: ignore typo, duplicate\nC D r\nE F rw\n# a comment between\n# lint: ignore conflict\n\nE F r\n' > "$a/a"
lint "ignore comments" 0
count "... silence the finding of the line after them" 1 conflict
has "... but only of the line just after" \
	"$a/a:11:1: warning: rule \"E F r\" gives the pair other access than \"E F rw\" at $a/a:7; this line wins: it comes later in the file [conflict]"
count "... of any check they name" 0 duplicate
lint "ignore comments with --json" 0 --json
grep -q '"warnings":1,"silenced":2,"errors":false}$' "$t/out" &&
	ok "... counted as silenced" || { not_ok "... counted as silenced"; diag_file "$t/out" 3; }
printf '# lint: ignore all\nE F r\n' > "$a/b"
lint "ignore all" 0 -Wno-duplicate
grep -q "$a/b" "$t/out" && not_ok "... silences every check" || ok "... silences every check"

# ---- --root
root=$t/root
mkdir -p "$root/etc/smack/accesses.d" "$root/srv/tree/accesses.d"
printf 'X X r\n' > "$root/etc/smack/accesses.d/a"
printf 'Y Y r\n' > "$root/srv/tree/accesses.d/a"
expect_exit "--root with --config-dir /etc/smack" 0 "$SMACKCTL" --root "$root" --config-dir /etc/smack lint
has "... naming its files" \
	"$root/etc/smack/accesses.d/a:1:1: warning: rule \"X X r\" has no effect: a label has every access to itself (a built-in rule of the kernel) [no-effect]"
expect_exit "--root with --config-dir" 0 "$SMACKCTL" --root "$root" --config-dir /srv/tree lint
grep -q "^$root/srv/tree/accesses.d/a:1:1: .*\"Y Y r\"" "$t/out" &&
	ok "... reads the tree under DIR" || not_ok "... reads the tree under DIR"
mkdir "$t/bare-root"
expect_exit "--root alone: a missing default tree is an empty policy" 0 \
	"$SMACKCTL" --root "$t/bare-root" lint
expect_exit "--root that does not exist: an error" 1 \
	"$SMACKCTL" --root "$t/none" lint

# ---- errors, usage
tree=$t/errors
mkdir -p "$tree/accesses.d"
printf 'A B q\n' > "$tree/accesses.d/bad"
printf 'A A r\n' > "$tree/accesses.d/good"
lint "a tree with an error exits 1" 1
expect_grep "... the error on stderr, with its place" "$t/err" "^smackctl: $tree/accesses.d/bad:1:5: "
expect_grep "... the other files still checked" "$t/out" "^$tree/accesses.d/good:1:1: warning: "
ln -s "$t/nowhere" "$tree/accesses.d/c-dangling"
lint "a file that cannot be opened exits 1" 1
expect_grep "... named on stderr" "$t/err" "^smackctl: $tree/accesses.d/c-dangling:"
expect_grep "... the other files still checked" "$t/out" "^$tree/accesses.d/good:1:1: warning: "
rm "$tree/accesses.d/c-dangling"
lint "-W of no check exits 2" 2 -W nothing
expect_grep "... naming it" "$t/err" '^smackctl: -W nothing: no such check$'
expect_exit "-W with another command exits 2" 2 "$SMACKCTL" -W typo check
expect_exit "--werror with another command exits 2" 2 "$SMACKCTL" --werror graph
expect_exit "--root with another command exits 2" 2 "$SMACKCTL" --root / status
expect_exit "lint takes no arguments" 2 "$SMACKCTL" lint extra
expect_exit "a missing --config-dir exits 1" 1 "$SMACKCTL" --config-dir "$t/none" lint
[ "$(cat "$t/err")" = "smackctl: $t/none: No such file or directory" ] &&
	ok "... with one message naming it" ||
	not_ok "... with one message naming it ($(cat "$t/err"))"

# ---- hostile names: file names and patterns escaped
tree=$t/hostile
mkdir -p "$tree/accesses.d" "$tree/labels.d"
nl='
'
esc=$(printf '\033')
printf 'A B rw\n' > "$tree/accesses.d/x${nl}y${esc}[2J"
printf 'A B r\n' > "$tree/accesses.d/z"
printf '/a\\(%s\\) access=A\n/a\\(%s\\) access=B\n' "$esc" "$esc" > "$tree/labels.d/l"
lint "hostile names" 0
n=$(wc -l < "$t/out")
[ "$n" -eq 4 ] && ok "... one line a finding or note ($n)" || { not_ok "... one line a finding or note ($n)"; diag_file "$t/out" 8; }
grep -q "$esc" "$t/out" && not_ok "... no escape byte reaches the terminal" ||
	ok "... no escape byte reaches the terminal"
has "... the file name escaped in the place and the text" \
	"$tree/accesses.d/z:1:1: warning: rule \"A B r\" gives the pair other access than \"A B rw\" at $tree/accesses.d/x\\012y\\033[2J:1; this line wins: its file is read later (the files are read in name order) [conflict]"
has "... and the pattern" \
	"$tree/labels.d/l:1:1: warning: the line of \"/a\\(\\033\\)\" never decides a path: the line at $tree/labels.d/l:2, later, matches every path it matches, and the last matching line wins [labels]"
lint "hostile names in JSON" 0 --json
[ "$(wc -l < "$t/out")" -eq 1 ] && ok "... one line" || not_ok "... one line"
grep -q "$esc" "$t/out" && not_ok "... no escape byte" || ok "... no escape byte"
grep -qF '"file":"'"$tree"'/accesses.d/x\u000ay\u001b[2J"' "$t/out" &&
	ok "... the file name as a JSON string" || { not_ok "... the file name as a JSON string"; diag_file "$t/out" 2; }
if command -v python3 > /dev/null 2>&1; then
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["warnings"] == 2 and len(d["findings"][0]["notes"]) == 1' "$t/out" &&
		ok "... valid JSON, with the notes" || not_ok "... valid JSON, with the notes"
else
	skip_test "... valid JSON" "no python3"
fi

tap_done
