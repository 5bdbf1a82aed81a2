#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# chsmack: every option alone and combined on single files, the listing
# format, labels that are refused before anything changes, exit codes.
. "${abs_top_srcdir:-$(dirname "$0")/../..}/tests/chsmack/lib.sh"

L255=$(long_label 255)
L256=$(long_label 256)

# --- help, version, usage errors

chs --help
expect_rc "--help exits 0" 0
expect_quiet "--help writes nothing on stderr"
grep -q -- '--restore' "$S/.out" && ok "--help lists --restore" ||
	not_ok "--help lists --restore"
chs -h
expect_rc "-h exits 0" 0
chs --version
expect_rc "--version exits 0" 0
grep -q '^chsmack (smack-utils) [0-9]' "$S/.out" &&
	ok "--version prints 'chsmack (smack-utils) VERSION'" ||
	not_ok "--version prints 'chsmack (smack-utils) VERSION'"
chs -v
expect_rc "-v is --version, as in the old chsmack" 0
grep -q '^chsmack (smack-utils)' "$S/.out" && ok "-v prints the version" ||
	not_ok "-v prints the version"

mk f
chs -z f
expect_rc "an unknown option is a usage error" 2
expect_err "... with a pointer to --help" "Try 'chsmack --help'"
chs --reference
expect_rc "--reference without RFILE is a usage error" 2
chs -a X
expect_rc "setting without a file is a usage error" 2
expect_err "... that says so" "missing file operand"

# --- listing

chs f
expect_rc "listing a file without attributes exits 0" 0
expect_out "... and says it has none" "f: No smack property found"

mkd d
setfattr -n security.SMACK64 -v Acc d
setfattr -n security.SMACK64EXEC -v Exe d
setfattr -n security.SMACK64MMAP -v Mm d
setfattr -n security.SMACK64TRANSMUTE -v TRUE d
chs d
expect_out "all four attributes, in the old format and order" \
	'd access="Acc" execute="Exe" mmap="Mm" transmute="TRUE"'

mk g h
setfattr -n security.SMACK64EXEC -v OnlyExec g
setfattr -n security.SMACK64MMAP -v OnlyMmap h
chs g h f d
expect_out "absent attributes are left out; operands in order" \
	'g execute="OnlyExec"
h mmap="OnlyMmap"
f: No smack property found
d access="Acc" execute="Exe" mmap="Mm" transmute="TRUE"'

mkd only && mk only/x
(cd only && "$CHSMACK") > "$S/.out" 2> "$S/.err"
rc=$?
expect_rc "without operands it lists the current directory" 0
expect_out "... its entries as ./NAME as chsmack 1.3 did, not the directory" \
	"./x: No smack property found"

chs f nope g
expect_rc "a missing file makes the exit status 1" 1
expect_err "... is reported with its name" "cannot access 'nope'"
expect_out "... and the others are still listed" \
	'f: No smack property found
g execute="OnlyExec"'

mk lt && mkl lt ln
setfattr -n security.SMACK64 -v Target lt
setfattr -h -n security.SMACK64 -v Link ln
chs ln
expect_out "a symbolic link is listed itself" 'ln access="Link"'
chs -L ln
expect_out "-L lists its target" 'ln access="Target"'
chs --dereference ln
expect_out "--dereference is -L" 'ln access="Target"'

if ! smack_active && setfattr -n security.SMACK64 -v 'two words' g; then
	chs g
	expect_out "a value no label can be is escaped, one line kept" \
		'g access="two\040words" execute="OnlyExec"'
else
	skip_test "a value no label can be is escaped" "Smack refuses such values"
fi

# --- setting, each option alone

mk s1 s2 s3 s4
chs -a One s1
expect_rc "-a LABEL (label as the next argument) exits 0" 0
expect_attrs "... sets the access label" s1 "SMACK64=One"
chs -aTwo s2
expect_attrs "-aLABEL sets it" s2 "SMACK64=Two"
chs --access=Three s3
expect_attrs "--access=LABEL sets it" s3 "SMACK64=Three"
chs --access Four s4
expect_attrs "--access LABEL sets it" s4 "SMACK64=Four"
expect_out "setting prints nothing" ""
expect_quiet "... on either stream"

mk e1 m1
chs -e Ex e1
expect_attrs "-e sets the execute label alone" e1 "SMACK64EXEC=Ex"
chs --exec=Ex2 e1
expect_attrs "--exec=LABEL replaces it" e1 "SMACK64EXEC=Ex2"
chs -m Mp m1
expect_attrs "-m sets the mmap label alone" m1 "SMACK64MMAP=Mp"
chs --mmap Mp2 m1
expect_attrs "--mmap LABEL replaces it" m1 "SMACK64MMAP=Mp2"

mkd td
chs -t td
expect_rc "-t on a directory exits 0" 0
expect_attrs "-t sets transmute on a directory" td "SMACK64TRANSMUTE=TRUE"
mkd td2
chs --transmute td2
expect_attrs "--transmute too" td2 "SMACK64TRANSMUTE=TRUE"

mk tf
chs -a Kept -t tf
expect_rc "-t on a regular file (not recursive) is a failure" 1
expect_err "... reported as such" "cannot set transmute on 'tf': not a directory"
expect_attrs "... and the other attributes are still set" tf "SMACK64=Kept"

# --- dropping, each alone and together

full() {
	mkd "$1"
	setfattr -n security.SMACK64 -v A "$1"
	setfattr -n security.SMACK64EXEC -v E "$1"
	setfattr -n security.SMACK64MMAP -v M "$1"
	setfattr -n security.SMACK64TRANSMUTE -v TRUE "$1"
}
for flag in -A -E -M -T; do
	full "x$flag"
	chs "$flag" "x$flag"
	expect_rc "$flag exits 0" 0
	case $flag in
	-A) expect_attrs "-A removes only the access label" "x$flag" \
		"SMACK64EXEC=E SMACK64MMAP=M SMACK64TRANSMUTE=TRUE" ;;
	-E) expect_attrs "-E removes only the execute label" "x$flag" \
		"SMACK64=A SMACK64MMAP=M SMACK64TRANSMUTE=TRUE" ;;
	-M) expect_attrs "-M removes only the mmap label" "x$flag" \
		"SMACK64=A SMACK64EXEC=E SMACK64TRANSMUTE=TRUE" ;;
	-T) expect_attrs "-T removes only transmute" "x$flag" \
		"SMACK64=A SMACK64EXEC=E SMACK64MMAP=M" ;;
	esac
done
full xlong
chs --drop-access --drop-exec --drop-mmap --drop-transmute xlong
expect_attrs "the long dropping options remove all four" xlong ""

full xD
chs -D xD
expect_attrs "-D alone removes every attribute" xD ""
full xD2
chs --drop -a New xD2
expect_attrs "-D with -a keeps only the new access label" xD2 "SMACK64=New"
full xD3
chs -D -e NewE -t xD3
expect_attrs "-D with -e and -t keeps those" xD3 \
	"SMACK64EXEC=NewE SMACK64TRANSMUTE=TRUE"

mk bare
chs -A -E -M -T bare
expect_rc "removing attributes a file lacks is no error" 0
expect_quiet "... and says nothing"

# --- combined

mkd all
chs -a A1 -e E1 -m M1 -t all
expect_attrs "-a -e -m -t together set all four" all \
	"SMACK64=A1 SMACK64EXEC=E1 SMACK64MMAP=M1 SMACK64TRANSMUTE=TRUE"
chs -A -m M2 all
expect_attrs "-A with -m: one removed, one replaced, two kept" all \
	"SMACK64EXEC=E1 SMACK64MMAP=M2 SMACK64TRANSMUTE=TRUE"
mk c1 c2
chs c1 -a After c2
expect_attrs "options may follow operands (1)" c1 "SMACK64=After"
expect_attrs "options may follow operands (2)" c2 "SMACK64=After"
mk ./-dash
chs -a Dash -- -dash
expect_rc "-- ends the options" 0
expect_attrs "... so a file may start with '-'" ./-dash "SMACK64=Dash"

mk lt2 && mkl lt2 ln2
chs -a OnLink ln2
expect_attrs "a symbolic link operand is labelled itself" ln2 "SMACK64=OnLink"
expect_attrs "... its target is not" lt2 ""
chs -L -a OnTarget ln2
expect_attrs "with -L its target is labelled" lt2 "SMACK64=OnTarget"
expect_attrs "... and the link is not" ln2 "SMACK64=OnLink"

# --- the obsolete -d

full d1
chs -d d1
expect_rc "-d alone exits 0" 0
expect_attrs "-d alone removes all four" d1 ""
full d2
chs -d -a -- d2
expect_attrs "-d -a removes the access label only" d2 \
	"SMACK64EXEC=E SMACK64MMAP=M SMACK64TRANSMUTE=TRUE"
full d3
chs --remove -e -m -- d3
expect_attrs "-d -e -m removes those two" d3 \
	"SMACK64=A SMACK64TRANSMUTE=TRUE"
full d4
chs -d -t d4
expect_attrs "-d -t removes transmute" d4 \
	"SMACK64=A SMACK64EXEC=E SMACK64MMAP=M"
full d5
chs -d -a d5
expect_rc "-d -a FILE takes FILE as a label, as the old tool did: usage error" 2
expect_attrs "... and nothing changed" d5 \
	"SMACK64=A SMACK64EXEC=E SMACK64MMAP=M SMACK64TRANSMUTE=TRUE"
chs -d -D d5
expect_rc "-d with -D is a usage error" 2

# --- labels refused before anything changes

mk v1 v2
setfattr -n security.SMACK64 -v Old v1
setfattr -n security.SMACK64 -v Old v2
for bad in "a/b" "-lead" "" "a b" "q\"q" "back\\slash" "it's" "$L256"; do
	chs -a "$bad" v1 v2
	expect_rc "invalid access label '$(printf %.20s "$bad")' is a usage error" 2
	expect_attrs "... v1 unchanged" v1 "SMACK64=Old"
	expect_attrs "... v2 unchanged" v2 "SMACK64=Old"
done
chs -a "a/b" v1
expect_err "the message names the label and what is wrong" \
	"invalid access label \"a/b\": contains '/'"
chs -a Good -e "a/b" v1
expect_rc "one bad label among good ones: usage error" 2
expect_attrs "... and the good one is not applied either" v1 "SMACK64=Old"
chs -e '*' v1
expect_rc "'*' as an execute label is refused" 2
chs -m '@' v1
expect_rc "'@' as an mmap label is refused" 2
expect_err "... saying why" "mmap label \"@\""
chs --access= v1
expect_rc "--access= (empty) is refused" 2
chs -a -- v1
expect_rc "-a without a label (and without -d) is a usage error" 2
expect_err "... that says so" "--access needs a label"
chs -a X -A v1
expect_rc "-a with -A contradict: usage error" 2
chs -t -T td
expect_rc "-t with -T contradict: usage error" 2
chs -a X -a Y v1
expect_rc "-a twice is a usage error" 2
expect_attrs "none of these changed v1" v1 "SMACK64=Old"

chs -a "$L255" v1
expect_rc "a 255-character label is accepted" 0
expect_attrs "... and set" v1 "SMACK64=$L255"
chs v1
expect_out "... and listed" "v1 access=\"$L255\""
chs -a '*' v2
expect_rc "'*' is a valid access label" 0
expect_attrs "... and set" v2 "SMACK64=*"

mk n1
chs -a Some n1 missing
expect_rc "a missing file among others: exit 1" 1
expect_err "... reported" "cannot access 'missing'"
expect_attrs "... the others are labelled" n1 "SMACK64=Some"

# --- dry run and verbose

mk dr
setfattr -n security.SMACK64 -v Was dr
setfattr -n security.SMACK64MMAP -v Gone dr
chs -n -a Now -M -e New dr
expect_rc "-n exits 0" 0
expect_out "-n prints each change, with - for none" \
	'dr: access "Was" -> "Now"
dr: execute - -> "New"
dr: mmap "Gone" -> -'
expect_attrs "... and changes nothing" dr "SMACK64=Was SMACK64MMAP=Gone"
chs --dry-run -a Was dr
expect_out "--dry-run: nothing to change, nothing printed" ""
chs --verbose -a Now -M -e New dr
expect_out "--verbose prints the changes it makes" \
	'dr: access "Was" -> "Now"
dr: execute - -> "New"
dr: mmap "Gone" -> -'
expect_attrs "... and makes them" dr "SMACK64=Now SMACK64EXEC=New"
chs --verbose -a Now -M -e New dr
expect_out "--verbose again: nothing left to change" ""
chs -n dr
expect_rc "-n without a change is a usage error" 2
chs --verbose dr
expect_rc "--verbose without a change is a usage error" 2
chs --spec=x dr
expect_rc "--spec without --restore is a usage error" 2
chs --root=/ dr
expect_rc "--root without --restore is a usage error" 2
chs --reference=dr -a X dr
expect_rc "--reference with -a is a usage error" 2
chs --reference=dr --restore dr
expect_rc "--reference with --restore is a usage error" 2
chs --restore -D dr
expect_rc "--restore with -D is a usage error" 2

tap_done
