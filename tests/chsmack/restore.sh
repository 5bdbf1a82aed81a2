#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# chsmack --reference and --restore: a specification exercising patterns,
# file types, precedence and <<none>>; directories of specification files;
# bad lines reported as FILE:LINE:COL before anything changes; --root,
# dry runs and verbose runs.
. "${abs_top_srcdir:-$(dirname "$0")/../..}/tests/chsmack/lib.sh"

# The scratch directory's real path: specifications match absolute paths.
R=$(pwd -P)

# --- --reference

mk ref tgt
setfattr -n security.SMACK64 -v RefA ref
setfattr -n security.SMACK64EXEC -v RefE ref
setfattr -n security.SMACK64MMAP -v TgtM tgt
setfattr -n security.SMACK64 -v TgtA tgt
chs --reference=ref tgt
expect_rc "--reference exits 0" 0
expect_attrs "the target gets RFILE's attributes, loses the others" tgt \
	"SMACK64=RefA SMACK64EXEC=RefE"
expect_attrs "RFILE is unchanged" ref "SMACK64=RefA SMACK64EXEC=RefE"

mkd rtree rtree/sub && mk rtree/f rtree/sub/g
setfattr -n security.SMACK64MMAP -v Old rtree/sub/g
chs -r --reference=ref rtree
# shellcheck disable=SC2043
for p in rtree rtree/sub rtree/f rtree/sub/g; do
	expect_attrs "--reference -r: $p" "$p" "SMACK64=RefA SMACK64EXEC=RefE"
done

mkd refdir && mk rfile2
setfattr -n security.SMACK64 -v Dir refdir
setfattr -n security.SMACK64TRANSMUTE -v TRUE refdir
mkd tdir
chs --reference=refdir tdir rfile2
expect_rc "a transmuting RFILE and a regular target: exit 1" 1
expect_err "... transmute refused on the file" \
	"cannot set transmute on 'rfile2': not a directory"
expect_attrs "... the directory gets both" tdir \
	"SMACK64=Dir SMACK64TRANSMUTE=TRUE"
expect_attrs "... the file the rest" rfile2 "SMACK64=Dir"

mk rl && mkl ref rlink
chs --reference=rlink rl
expect_attrs "RFILE is read through a symbolic link" rl \
	"SMACK64=RefA SMACK64EXEC=RefE"

mk keep
setfattr -n security.SMACK64 -v Keep keep
chs --reference=nosuch keep
expect_rc "a missing RFILE is a usage error" 2
expect_err "... reported" "cannot read the labels of 'nosuch'"
expect_attrs "... nothing changed" keep "SMACK64=Keep"
if ! smack_active && setfattr -n security.SMACK64 -v 'bad/label' ref; then
	chs --reference=ref keep
	expect_rc "an RFILE with an invalid label is a usage error" 2
	expect_attrs "... nothing changed" keep "SMACK64=Keep"
	setfattr -n security.SMACK64 -v RefA ref
else
	skip_test "an RFILE with an invalid label is refused" \
		"Smack refuses such values"
fi
chs -n --reference=ref keep
expect_out "--reference -n prints the changes" \
	'keep: access "Keep" -> "RefA"
keep: execute - -> "RefE"'
expect_attrs "... makes none" keep "SMACK64=Keep"

# --- --restore: one specification, every kind of line

rm -rf app && mkd app app/bin app/lib app/cache app/cache/deep app/etc
mk app/bin/tool app/bin/other.sh app/lib/libx.so app/cache/c1 \
	app/cache/deep/c2 app/etc/conf app/README
mkl libx.so app/lib/libx.so.1
mkfifo app/etc/pipe && strip app/etc/pipe
setfattr -n security.SMACK64 -v Cached app/cache/c1
setfattr -n security.SMACK64MMAP -v Stale app/bin/tool

cat > spec <<EOF
# comment, then a blank line

$R/app(/.*)?                    access=App
$R/app(/.*)?           -d       access=App transmute
$R/app/bin/[^/]+       --       access="App" execute="AppRun"   # trailing
$R/app/bin/.*\\.sh      --       access=Script exec=ScriptRun
$R/app/lib/.*                   access=Lib mmap=Lib
$R/app/lib/.*          -l       access=LibLink
$R/app/cache(/.*)?              <<none>>
$R/app/etc/[^/]*       -p       access=Pipe
	; another comment
EOF

chs --restore --spec=spec -r app
expect_rc "--restore -r exits 0" 0
expect_quiet "... silently"
expect_attrs "directories: the -d line wins over the general one" app \
	"SMACK64=App SMACK64TRANSMUTE=TRUE"
expect_attrs "... below too" app/bin "SMACK64=App SMACK64TRANSMUTE=TRUE"
expect_attrs "regular files in bin/: quoted values, stale mmap removed" \
	app/bin/tool "SMACK64=App SMACK64EXEC=AppRun"
expect_attrs "a later, narrower line wins (*.sh, exec= spelling)" \
	app/bin/other.sh "SMACK64=Script SMACK64EXEC=ScriptRun"
expect_attrs "lib/: a line without type" app/lib/libx.so \
	"SMACK64=Lib SMACK64MMAP=Lib"
expect_attrs "lib/: the -l line for the symbolic link" app/lib/libx.so.1 \
	"SMACK64=LibLink"
expect_attrs "<<none>>: the cache is left alone" app/cache/c1 "SMACK64=Cached"
expect_attrs "<<none>>: below it too" app/cache/deep/c2 ""
expect_attrs "<<none>>: the directory itself too" app/cache ""
expect_attrs "-p: the FIFO" app/etc/pipe "SMACK64=Pipe"
expect_attrs "a regular file in etc/: the general line" app/etc/conf \
	"SMACK64=App"
expect_attrs "the general line for the rest" app/README "SMACK64=App"

mk stray
setfattr -n security.SMACK64 -v Stray stray
chs --restore --spec=spec stray
expect_rc "a file no line matches: exit 0" 0
expect_attrs "... left alone" stray "SMACK64=Stray"

setfattr -n security.SMACK64 -v Changed app/README
setfattr -n security.SMACK64 -v Changed app/bin/tool
chs --restore --spec=spec app/README
expect_attrs "without -r only the operands are restored" app/README \
	"SMACK64=App"
expect_attrs "... not their neighbours" app/bin/tool \
	"SMACK64=Changed SMACK64EXEC=AppRun"
(cd app/bin && "$CHSMACK" --restore --spec="$R/spec" tool)
expect_attrs "a relative operand is matched by its absolute path" \
	app/bin/tool "SMACK64=App SMACK64EXEC=AppRun"

mkl "$R/app/bin" binlink
setfattr -n security.SMACK64 -v Changed app/bin/tool
chs --restore --spec=spec binlink/tool
expect_attrs "a path through a linked directory matches the real path" \
	app/bin/tool "SMACK64=App SMACK64EXEC=AppRun"

setfattr -n security.SMACK64 -v Changed app/README
setfattr -n security.SMACK64EXEC -v Extra app/etc/conf
chs --restore --spec=spec -r -n app
expect_rc "--restore -n exits 0" 0
expect_sorted "--restore -n prints exactly what differs" \
"app/README: access \"Changed\" -> \"App\"
app/etc/conf: execute \"Extra\" -> -"
expect_attrs "... and changes nothing" app/README "SMACK64=Changed"
chs --restore --spec=spec -r --verbose app
expect_sorted "--restore --verbose prints what it changes" \
"app/README: access \"Changed\" -> \"App\"
app/etc/conf: execute \"Extra\" -> -"
expect_attrs "... and changes it" app/etc/conf "SMACK64=App"
chs --restore --spec=spec -r --verbose app
expect_out "a second restore has nothing to do" ""

setfattr -n security.SMACK64 -v Changed app/bin
chs --restore --spec=spec app/bin/
expect_attrs "an operand ending in / is matched as the directory" app/bin \
	"SMACK64=App SMACK64TRANSMUTE=TRUE"

# transmute on a line matching files

mkd tm && mk tm/file
printf '%s\n' "$R/tm(/.*)? access=Tm transmute" > tspec
chs --restore --spec=tspec -r tm
expect_rc "a transmute line matching files, -r: exit 0" 0
expect_err "... one warning" "not set on 1 other file"
expect_attrs "... the directory transmutes" tm "SMACK64=Tm SMACK64TRANSMUTE=TRUE"
expect_attrs "... the file gets the rest" tm/file "SMACK64=Tm"
chs --restore --spec=tspec tm/file
expect_rc "the same without -r is a failure for the file" 1

# --- --root

rm -rf image && mkd image image/opt image/opt/app && mk image/opt/app/x
printf '%s\n' '/opt(/.*)? access=Image' '/ -d access=Root' > rspec
chs --restore --spec=rspec --root=image -r image
expect_rc "--root exits 0" 0
expect_attrs "--root: image/ is matched as /" image "SMACK64=Root"
expect_attrs "--root: image/opt/app/x is matched as /opt/app/x" \
	image/opt/app/x "SMACK64=Image"
mk elsewhere
chs --restore --spec=rspec --root=image elsewhere
expect_rc "an operand outside --root is a failure" 1
expect_err "... reported" "'elsewhere' is not below the root"
chs --restore --spec=rspec --root=nosuchdir image
expect_rc "a missing --root is a usage error" 2

# --- a directory of specification files: order, skipped names

rm -rf specs && mkd specs
mk order
printf '%s\n' "$R/order access=First" > specs/10-first
printf '%s\n' "$R/order access=Second" > specs/20-second
printf '%s\n' "$R/order access=Backup" > specs/30-third~
printf '%s\n' "$R/order access=Backup" > specs/30-third.bak
printf '%s\n' "$R/order access=Backup" > specs/30-third.swp
printf '%s\n' "$R/order access=Backup" > specs/30-third.dpkg-old
printf '%s\n' "$R/order access=Backup" > specs/30-third.rpmnew
printf '%s\n' "$R/order access=Hidden" > specs/.hidden
mkdir specs/99-subdir
chs --restore --spec=specs order
expect_rc "--spec=DIR exits 0" 0
expect_attrs "a later file overrides an earlier one; backups skipped" \
	order "SMACK64=Second"

# --- bad specifications: every error reported, nothing changed

mk victim
setfattr -n security.SMACK64 -v Untouched victim
L256=$(long_label 256)
cat > bad <<EOF
$R/victim access=Fine
$R/(unclosed access=A
$R/x -q access=A
$R/x access=A bogus=B
$R/x access=A access=B
$R/x access=a/b
$R/x
$R/x execute=*
$R/x mmap
$R/x access="open
$R/x access=A -d
$R/x <<none>> access=A
$R/x transmute=yes
$R/x access=$L256
EOF
chs --restore --spec=bad victim
expect_rc "a bad specification is a usage error" 2
expect_attrs "... and nothing changed, not even for the good line" victim \
	"SMACK64=Untouched"
n=$(grep -c "^chsmack: bad:[0-9]*:[0-9]*: " "$S/.err")
[ "$n" -eq 13 ] && ok "every bad line is reported as FILE:LINE:COL" ||
	{ not_ok "every bad line is reported as FILE:LINE:COL ($n)"; diag "$(err)"; }
col() { printf '%s' "$R/x "; }
c=$(( ${#R} + 4 ))
expect_err "a bad pattern" "^chsmack: bad:2:1: bad pattern"
expect_err "an unknown type, at its column" "^chsmack: bad:3:$c: unknown file type \"-q\""
expect_err "an unknown attribute" "^chsmack: bad:4:$((c + 9)): unknown attribute \"bogus\""
expect_err "an attribute twice" "^chsmack: bad:5:$((c + 9)): access given twice"
expect_err "an invalid label, with the reason" \
	"^chsmack: bad:6:$c: access label \"a/b\" contains '/'"
expect_err "no attributes" "^chsmack: bad:7:[0-9]+: no attributes"
expect_err "'*' as an execute label" "^chsmack: bad:8:$c: execute label \"\\*\""
expect_err "mmap without a label" "^chsmack: bad:9:$c: mmap needs a label"
expect_err "an unmatched quote" "^chsmack: bad:10:$c: access value has an unmatched"
expect_err "a type after the attributes" "^chsmack: bad:11:$((c + 9)): the file type \"-d\" must follow"
expect_err "<<none>> with attributes" "^chsmack: bad:12:$((c + 9)): <<none>> stands alone"
expect_err "transmute with another value" "^chsmack: bad:13:$c: transmute value \"yes\" is not TRUE"
expect_err "a label of 256 characters" "^chsmack: bad:14:$c: access label \"L{64}\"\.\.\. is longer than 255"
expect_err "the run ends with a summary" "nothing changed: 'bad' has errors"

printf '%s\n' "$R/victim access=A" > crlf-spec
printf '%s\r\n' "$R/victim access=Crlf" >> crlf-spec
chs --restore --spec=crlf-spec victim
expect_attrs "a CRLF line is read as a line" victim "SMACK64=Crlf"
printf '%s\n' "$R/victim access=A" > nul-spec
printf 'x\000y access=B\n' >> nul-spec
setfattr -n security.SMACK64 -v Untouched victim
chs --restore --spec=nul-spec victim
expect_rc "a NUL byte is an error" 2
expect_err "... reported at its column" "^chsmack: nul-spec:2:2: contains a NUL byte"
expect_attrs "... nothing changed" victim "SMACK64=Untouched"

rm -rf bads && mkd bads
printf '%s\n' "$R/victim access=One" > bads/1
printf '%s\n' "$R/victim access=a/b" > bads/2
printf '%s\n' "$R/victim -z access=A" > bads/3
chs --restore --spec=bads victim
expect_rc "errors in a directory of files: usage error" 2
expect_err "... each file's errors named by file (2)" "^chsmack: bads/2:1:"
expect_err "... each file's errors named by file (3)" "^chsmack: bads/3:1:"
expect_attrs "... nothing changed" victim "SMACK64=Untouched"

chs --restore --spec=nonexistent victim
expect_rc "a missing specification is a usage error" 2
expect_err "... reported" "nonexistent: cannot open"
: > empty-spec
chs --restore --spec=empty-spec victim
expect_rc "an empty specification restores nothing: exit 0" 0
expect_attrs "... and changes nothing" victim "SMACK64=Untouched"

default=$("$CHSMACK" --help | sed -n 's/.*(default \(.*\)).*/\1/p')
if [ -n "$default" ] && [ ! -e "$default" ]; then
	chs --restore victim
	expect_rc "without --spec the default directory is read" 2
	expect_err "... and named when it is missing" "$default: cannot open"
else
	skip_test "without --spec the default directory is read" \
		"$default exists on this system"
fi

tap_done
