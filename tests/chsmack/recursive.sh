#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# chsmack -r: a three-level tree with symbolic links inside and outside
# it, with and without -L; listing against fixed output; removal; -t in a
# tree; -x; special files; a tree deeper than PATH_MAX; files that vanish
# while the walk runs.
. "${abs_top_srcdir:-$(dirname "$0")/../..}/tests/chsmack/lib.sh"

# top/                      outside/
#   f1                        x
#   a/                        sub/
#     f2                        y
#     in    -> ../f1
#     b/
#       f3
#       out    -> $S/outside/x
#       outdir -> $S/outside
#       c/
#         f4
tree() {
	rm -rf top outside
	mkd top top/a top/a/b top/a/b/c outside outside/sub
	mk top/f1 top/a/f2 top/a/b/f3 top/a/b/c/f4 outside/x outside/sub/y
	mkl ../f1 top/a/in
	mkl "$S/outside/x" top/a/b/out
	mkl "$S/outside" top/a/b/outdir
}

IN_TREE="top top/f1 top/a top/a/f2 top/a/in top/a/b top/a/b/f3 top/a/b/out
top/a/b/outdir top/a/b/c top/a/b/c/f4"

# all_have DESC LABEL PATH...: each PATH has exactly access=LABEL.
all_have() {
	_desc=$1 _want=$2
	shift 2
	_bad=""
	for _p in "$@"; do
		[ "$(attrs_flat "$_p")" = "$_want" ] || _bad="$_bad $_p"
	done
	if [ -z "$_bad" ]; then
		ok "$_desc"
	else
		not_ok "$_desc"
		for _p in $_bad; do
			diag "$_p: '$(attrs_flat "$_p")', expected '$_want'"
		done
	fi
}

# --- without -L: every entry of the tree, links included, nothing else

tree
chs -r -a T top
expect_rc "-r -a exits 0" 0
expect_quiet "... silently"
# shellcheck disable=SC2086
all_have "-r labels every entry of the tree, links themselves too" \
	"SMACK64=T" $IN_TREE
all_have "... and nothing the links point to outside" "" \
	outside outside/x outside/sub outside/sub/y

chs -r top
expect_rc "-r listing exits 0" 0
expect_sorted "-r listing, each entry once, links not followed" \
"top access=\"T\"
top/a access=\"T\"
top/a/b access=\"T\"
top/a/b/c access=\"T\"
top/a/b/c/f4 access=\"T\"
top/a/b/f3 access=\"T\"
top/a/b/out access=\"T\"
top/a/b/outdir access=\"T\"
top/a/f2 access=\"T\"
top/a/in access=\"T\"
top/f1 access=\"T\""
if [ "$(head -n 1 "$S/.out")" = 'top access="T"' ]; then
	ok "... the operand comes first"
else
	not_ok "... the operand comes first"
fi
awk '
	{ sub(/ .*/, ""); seen[$0] = NR }
	END {
		# each directory before what is in it
		exit !(seen["top/a"] < seen["top/a/b"] &&
		       seen["top/a/b"] < seen["top/a/b/c"] &&
		       seen["top/a/b/c"] < seen["top/a/b/c/f4"])
	}' "$S/.out" && ok "... each directory before its contents" ||
	not_ok "... each directory before its contents"

chs -r top/
expect_sorted "an operand ending in / gives no double slash" \
"top/ access=\"T\"
top/a access=\"T\"
top/a/b access=\"T\"
top/a/b/c access=\"T\"
top/a/b/c/f4 access=\"T\"
top/a/b/f3 access=\"T\"
top/a/b/out access=\"T\"
top/a/b/outdir access=\"T\"
top/a/f2 access=\"T\"
top/a/in access=\"T\"
top/f1 access=\"T\""

chs top
expect_out "without -r only the operand is listed" 'top access="T"'

# --- with -L: links are followed, out of the tree too

tree
chs -r -L -a F top
expect_rc "-r -L exits 0" 0
all_have "-r -L labels the tree's files and directories" "SMACK64=F" \
	top top/f1 top/a top/a/f2 top/a/b top/a/b/f3 top/a/b/c top/a/b/c/f4
all_have "... and what its links point to, outside the tree too" \
	"SMACK64=F" outside/x outside outside/sub outside/sub/y
all_have "... but not the links themselves" "" \
	top/a/in top/a/b/out top/a/b/outdir

chs -r -L top
expect_sorted "-r -L listing goes through the links" \
"top access=\"F\"
top/a access=\"F\"
top/a/b access=\"F\"
top/a/b/c access=\"F\"
top/a/b/c/f4 access=\"F\"
top/a/b/f3 access=\"F\"
top/a/b/out access=\"F\"
top/a/b/outdir access=\"F\"
top/a/b/outdir/sub access=\"F\"
top/a/b/outdir/sub/y access=\"F\"
top/a/b/outdir/x access=\"F\"
top/a/f2 access=\"F\"
top/a/in access=\"F\"
top/f1 access=\"F\""

tree
mkl .. top/a/b/c/loop
chs -r -L -a Loop top
expect_rc "-L with a link back up the tree: exit 0" 0
expect_err "... the loop is reported" "top/a/b/c/loop': file system loop"
all_have "... and the tree labelled" "SMACK64=Loop" top top/a/b/c/f4

tree
mkl "$S/nowhere" top/a/dangling
chs -r -a NoL top
expect_rc "a dangling link without -L is just labelled: exit 0" 0
all_have "... itself" "SMACK64=NoL" top/a/dangling
chs -r -L -a WithL top
expect_rc "a dangling link with -L is a failure" 1
expect_err "... reported" "cannot follow the symbolic link 'top/a/dangling'"
all_have "... and the rest is still labelled" "SMACK64=WithL" top/a/b/c/f4

tree
mkl top top-link
chs -r -a ViaLink top-link
all_have "-r on a link to a directory labels the link itself" \
	"SMACK64=ViaLink" top-link
# As chsmack 1.3 did and its manual said: a link on the command line is
# gone through, only the links below are not followed.
all_have "... and what is below the directory, as chsmack 1.3 did" \
	"SMACK64=ViaLink" top/f1 top/a/in top/a/b/outdir top/a/b/c/f4
all_have "... not the directory, nor what links below point to" "" \
	top outside/x outside/sub/y
chs -r top-link
expect_sorted "-r lists below a link on the command line by its path" \
	"$(for p in "" /f1 /a /a/f2 /a/in /a/b /a/b/f3 /a/b/out /a/b/outdir \
		/a/b/c /a/b/c/f4; do
		echo "top-link$p access=\"ViaLink\""
	done | sort)"
chs -r -L -a ViaLink top-link
all_have "-r -L on it goes into the directory" "SMACK64=ViaLink" \
	top top/f1 top/a/b/c/f4
chs -r -a Slash top-link/
all_have "top-link/ names the directory (path resolution)" "SMACK64=Slash" \
	top top/a/b/c/f4
rm -f top-link

# --- removing in a tree (broken in the old tool)

tree
setfattr -n security.SMACK64EXEC -v E top/a/b/c/f4
setfattr -n security.SMACK64MMAP -v M top/a/f2
chs -r -a K -t top
chs -r -D top
expect_rc "-r -D exits 0" 0
# shellcheck disable=SC2086
all_have "-r -D removes every attribute in the tree" "" $IN_TREE
chs -r -a K -e E top
chs -r -E top
# shellcheck disable=SC2086
all_have "-r -E removes the execute labels only" "SMACK64=K" $IN_TREE
chs -r -d top
# shellcheck disable=SC2086
all_have "-r -d removes all (the obsolete way)" "" $IN_TREE
chs -r -a K -m M top
chs -r -d -m top
expect_rc "-r -d -m top takes top as the mmap label (old syntax): usage error" 2
chs -r -d -m -- top
# shellcheck disable=SC2086
all_have "-r -d -m -- top removes the mmap labels only" "SMACK64=K" $IN_TREE

# --- transmute in a tree

tree
chs -r -a Tr -t top
expect_rc "-r -t exits 0 though the tree holds files" 0
expect_err "... one warning counts the files skipped" \
	"transmute is for directories: not set on 7 other files"
[ "$(wc -l < "$S/.err")" -eq 1 ] && ok "... one line only" ||
	not_ok "... one line only ($(wc -l < "$S/.err") lines)"
all_have "directories transmute" "SMACK64=Tr SMACK64TRANSMUTE=TRUE" \
	top top/a top/a/b top/a/b/c
all_have "other files do not" "SMACK64=Tr" \
	top/f1 top/a/f2 top/a/in top/a/b/c/f4 top/a/b/out
mk lone
chs -r -t lone
expect_rc "-r -t on a single file: a warning, not a failure" 0
expect_err "... counted" "not set on 1 other file$"

# --- dry run and verbose in a tree

tree
chs -r -n -a Dry top
expect_rc "-r -n exits 0" 0
[ "$(wc -l < "$S/.out")" -eq 11 ] && ok "-r -n prints one line a file" ||
	not_ok "-r -n prints one line a file ($(wc -l < "$S/.out"))"
grep -qx 'top/a/b/c/f4: access - -> "Dry"' "$S/.out" &&
	ok "... in the change format" || not_ok "... in the change format"
# shellcheck disable=SC2086
all_have "... and changes nothing" "" $IN_TREE
setfattr -n security.SMACK64 -v Dry top/a/f2
chs -r --verbose -a Dry top
[ "$(wc -l < "$S/.out")" -eq 10 ] &&
	ok "-r --verbose prints the changes, not what already was" ||
	not_ok "-r --verbose prints the changes ($(wc -l < "$S/.out"))"
# shellcheck disable=SC2086
all_have "... and makes them" "SMACK64=Dry" $IN_TREE

# --- special files are labelled without being opened

rm -rf sp && mkd sp
mkfifo sp/fifo && strip sp/fifo
mknod sp/null c 1 3 2> /dev/null && strip sp/null
run timeout 20 "$CHSMACK" -r -a Sp sp
expect_rc "-r over a FIFO does not block on it" 0
all_have "... and labels it" "SMACK64=Sp" sp/fifo
if [ -c sp/null ]; then
	all_have "a character device is labelled" "SMACK64=Sp" sp/null
else
	skip_test "a character device is labelled" "mknod refused"
fi

# --- a tree deeper than PATH_MAX: two chains of 25 directories with
# 100-character names, one moved to the bottom of the other

name=$(printf '%0100d' 0)
chain=$(i=0; while [ $i -lt 25 ]; do printf '%s/' "$name"; i=$((i + 1)); done)
rm -rf deep deep2
mkdir -p "deep/$chain" "deep2/$chain" && : > "deep2/${chain}bottom" &&
	mv deep2 "deep/$chain" && strip deep || not_ok "cannot build the deep tree"
chs -r -a Deep deep
expect_rc "-r through a tree deeper than PATH_MAX exits 0" 0
expect_quiet "... silently"
chs -r deep
[ "$(wc -l < "$S/.out")" -eq 53 ] && ok "... lists it all" ||
	not_ok "... lists it all ($(wc -l < "$S/.out") lines)"
grep -q "^deep/$chain" "$S/.out" && grep -q "/bottom access=\"Deep\"$" "$S/.out" &&
	ok "... and labelled its deepest file" ||
	not_ok "... and labelled its deepest file"
[ "$(grep -c 'access="Deep"$' "$S/.out")" -eq 53 ] &&
	ok "... and every directory on the way" ||
	not_ok "... and every directory on the way"
rm -rf deep

# --- -x: a filesystem mounted in the tree is left alone

tree
if mount -t tmpfs -o size=1m chsmack-test "$S/top/a/b" 2> /dev/null; then
	trap 'umount "$S/top/a/b"; rm -rf "$S"' EXIT
	mk top/a/b/onmount
	setfattr -n security.SMACK64 -v Mnt top/a/b
	chs -r -x -a X top
	expect_rc "-r -x exits 0" 0
	all_have "-x labels the operand's filesystem" "SMACK64=X" \
		top top/f1 top/a top/a/f2
	all_have "... not the root of a filesystem mounted in it" \
		"SMACK64=Mnt" top/a/b
	all_have "... nor what it holds" "" top/a/b/onmount
	chs -r -x top
	grep -q 'top/a/b' "$S/.out" && not_ok "-r -x listing skips the mount" ||
		ok "-r -x listing skips the mount"
	chs -r --one-file-system -a Y top/a/b
	all_have "an operand on the other filesystem is its own root" \
		"SMACK64=Y" top/a/b top/a/b/onmount
	chs -r -a Z top
	all_have "without -x the walk crosses into it" "SMACK64=Z" \
		top/a/b top/a/b/onmount
	umount "$S/top/a/b"
	trap 'rm -rf "$S"' EXIT
else
	skip_test "-x leaves a mounted filesystem alone" "cannot mount tmpfs here"
fi

# --- files that vanish during the walk

rm -rf churn && mkd churn
i=0
while [ $i -lt 40 ]; do
	mkdir "churn/d$i" && (cd "churn/d$i" && touch $(seq -f 'f%g' 1 100))
	i=$((i + 1))
done
rm -rf churn/d* &
remover=$!
chs -r -a Churn churn
wait $remover
expect_rc "files removed during the walk are no failure" 0
expect_quiet "... and no message"

tap_done
