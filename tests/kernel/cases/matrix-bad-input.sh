# SPDX-License-Identifier: GPL-2.0-or-later
#
# The bad-input matrix: one row per kind of input, one column per tool that
# reads it.  Unusual but valid inputs (empty, only comments, CRLF, no final
# newline, tabs, a directory of things that are not files) must load exactly
# what they say, exit 0 and print nothing.  Invalid ones (a 1 MiB line, a
# NUL byte, non-ASCII, 256 characters, forbidden characters, a leading '-',
# an unreadable file, a FIFO, a vanished path, a directory where a file
# must be, an over-long argument) must print a short message that names
# the file (and the line, for content), exit with the tool's documented
# status for bad input, and leave the kernel exactly as it was: load2,
# cipso2, netlabel, ipv6host, the knobs and the file labels are compared
# before and after.
#
# Columns: smackload, smackctl check, smackctl apply, smackcipso,
# smacknetlabel, chsmack --restore --spec.  Each cell is one TAP line.
#
# Starting a program is slow in User-Mode-Linux, so the cells use shell
# built-ins wherever they can: a cell runs the tool and about four more.
. "$SRCDIR/tests/kernel/lib.sh"

mx=$T/matrix
mkdir -p "$mx" || exit 1

# The tools themselves rather than libtool's wrapper scripts, which cost a
# shell and several programs per call (unless the installed tools are
# under test: see INSTALLED in lib.sh).
if [ -z "${INSTALLED:-}" ] && [ -x "$BUILDDIR/utils/.libs/smackload" ]; then
	PATH=$BUILDDIR/utils/.libs:$PATH
	LD_LIBRARY_PATH=$BUILDDIR/libsmack/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export PATH LD_LIBRARY_PATH
fi

head -c 1048576 /dev/zero | tr '\0' M > "$mx/mib"
l256=LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLL
l256=$l256$l256$l256$l256
# An argument of 124 KiB: longer than any path (PATH_MAX is 4 KiB), still
# under the kernel's limit for one argument (128 KiB).
l1k=$l256$l256$l256$l256
l8k=$l1k$l1k$l1k$l1k$l1k$l1k$l1k$l1k
long_arg=$l8k$l8k$l8k$l8k$l8k$l8k$l8k$l8k$l8k$l8k$l8k$l8k$l8k$l8k$l8k$l1k$l1k$l1k$l1k

columns="smackload smackctl_check smackctl_apply smackcipso smacknetlabel chsmack"
valid_rows="empty comments crlf no_newline tabs not_files"
invalid_rows="mib nul non_ascii len256 forbidden unreadable fifo vanished
	vanished_in_dir dir_for_file long_arg"

seq=0
started=$(date +%s)

# ------------------------------------------------------------ the columns
# For each column C:
#   C_slot         sets $in, the file the content goes in (and $config
#                  for smackctl), and prepares the cell directory $cell
#   C_record L I   sets $rec to record I (1, 2, ...) with label L, in the
#                  column's format, without a line end
#   C_run [ARG]    runs the tool on the cell's input (or on ARG)
#   C_effect L I   succeeds when record I with label L is in effect
#   C_bad          the exit status the tool documents for bad input
# smackctl check has no effect: even valid input must change nothing.

rule_record() { rec="$1 MxObject rx"; }
rule_effect() { has_rule "$1" MxObject rx; }

smackload_slot() { in=$cell/rules; }
smackload_record() { rule_record "$1"; }
smackload_run() { launch smackload "${1:-$in}"; }
smackload_effect() { rule_effect "$1"; }
smackload_bad=1

smackctl_slot() {
	config=$cell/config
	mkdir -p "$config/accesses.d"
	in=$config/accesses.d/50-matrix
}
smackctl_check_slot() { smackctl_slot; }
smackctl_check_record() { rule_record "$1"; }
smackctl_check_run() { launch smackctl --config-dir="${1:-$config}" check; }
smackctl_check_bad=1
smackctl_apply_slot() { smackctl_slot; }
smackctl_apply_record() { rule_record "$1"; }
smackctl_apply_run() { launch smackctl --config-dir="${1:-$config}" apply; }
smackctl_apply_effect() { rule_effect "$1"; }
smackctl_apply_bad=1

smackcipso_slot() { in=$cell/cipso; }
smackcipso_record() { rec="$1 $((10 + $2)) 3 17"; }
smackcipso_run() { launch smackcipso "${1:-$in}"; }
smackcipso_effect() {
	grep -qxE "$1 +$((10 + $2))/3,17" "$SMACKFS/cipso2"
}
smackcipso_bad=1

# Netlabel entries are for 10.77.SEQ.I/32: one per record, never reused.
smacknetlabel_slot() { in=$cell/netlabel; }
smacknetlabel_record() { rec="10.77.$seq.$2 $1"; }
smacknetlabel_run() {
	if [ "${1:-}" = "--long" ]; then
		launch smacknetlabel --add "10.77.$seq.9/32 $long_arg"
	else
		launch smacknetlabel "${1:-$in}"
	fi
}
smacknetlabel_effect() {
	grep -qxF "10.77.$seq.$2/32 $1" "$SMACKFS/netlabel"
}
smacknetlabel_bad=1

# The specification gives the files target-I of the cell their labels; the
# cell's directory name ends the pattern, so it needs no quoting.
chsmack_slot() {
	in=$cell/spec
	: > "$cell/target-1"
	: > "$cell/target-2"
}
chsmack_record() { rec=".*/${cell##*/}/target-$2 access=$1"; }
chsmack_run() {
	launch chsmack --restore --spec="${1:-$in}" "$cell/target-1" \
		"$cell/target-2"
}
chsmack_effect() {
	[ "$(getfattr --only-values -n security.SMACK64 "$cell/target-$2" \
		2> /dev/null)" = "$1" ]
}
chsmack_bad=2

# ------------------------------------------------------------ the rows
# Each row R: row_R COLUMN writes the cell's input at $in (or replaces it)
# and may set: records (labels that must take effect, valid rows), where
# (what the messages must name, invalid rows: words, each of which must be
# in a message), runner (no_dac: run without
# the DAC override capabilities; timeout: kill it if it blocks), arg (an
# argument instead of $in), na (the cell does not apply, and why).

# write_records C L...: one record a line with the labels L, LF-ended.
write_records() {
	_col=$1; shift
	_i=0
	: > "$in"
	for _l in "$@"; do
		_i=$((_i + 1))
		"${_col}_record" "$_l" "$_i"
		printf '%s\n' "$rec" >> "$in"
	done
}

# add_bad_line C N TEXT [FILE]: appends line N, a record whose label is
# TEXT (printf escapes allowed; not starting with '-'), or the content of
# FILE; the messages must name that line.
add_bad_line() {
	"${1}_record" "@@LABEL@@" "$2"
	printf '%s' "${rec%%@@LABEL@@*}" >> "$in"
	if [ -n "${4:-}" ]; then
		cat "$4" >> "$in"
	else
		# shellcheck disable=SC2059
		printf "$3" >> "$in"
	fi
	printf '%s\n' "${rec#*@@LABEL@@}" >> "$in"
	where="$where $in:$2:"
}

# bad_line C TEXT [FILE]: line 1 valid (and not loaded, since line 2 is
# not), line 2 as add_bad_line makes it.
bad_line() {
	"${1}_record" "${L}ok" 1
	printf '%s\n' "$rec" > "$in"
	add_bad_line "$1" 2 "$2" "${3:-}"
}

row_empty() { : > "$in"; }
row_comments() { printf '# only comments\n\n   \n\t# indented\n' > "$in"; }
row_crlf() {
	"${1}_record" "${L}a" 1
	printf '%s\r\n' "$rec" > "$in"
	"${1}_record" "${L}b" 2
	printf '%s\r\n' "$rec" >> "$in"
	records="${L}a ${L}b"
}
row_no_newline() {
	"${1}_record" "$L" 1
	printf '%s' "$rec" > "$in"
	records=$L
}
row_tabs() {
	"${1}_record" "$L" 1
	_tabbed=
	set -f
	for _f in $rec; do _tabbed="$_tabbed	$_f"; done
	set +f
	printf '  %s \t\n' "$_tabbed" > "$in"
	records=$L
}
row_not_files() {
	case $1 in
	smackctl*) in=$config/accesses.d ;;
	esac
	mkdir -p "$in/subdirectory"
	mkfifo "$in/fifo"
	runner=timeout
}

row_mib() { bad_line "$1" "" "$mx/mib"; }
row_nul() { bad_line "$1" "$L\\0x"; }
row_non_ascii() { bad_line "$1" "$L\\303\\251"; }
row_len256() { bad_line "$1" "$l256"; }
# Each forbidden character on a line of its own: every error is reported.
row_forbidden() {
	bad_line "$1" "$L/x"
	add_bad_line "$1" 3 "$L\"x"
	add_bad_line "$1" 4 "$L\\\\x"
	add_bad_line "$1" 5 "$L'x"
	add_bad_line "$1" 6 "\\055$L"		# a leading '-'
}
row_unreadable() {
	write_records "$1" "$L"
	chmod 000 "$in"
	runner=no_dac
	where="$in:"
}
row_fifo() {
	case $1 in
	smackctl*) in=$config/logging ;;
	esac
	mkfifo "$in"
	runner=timeout
	where="$in:"
}
row_vanished() {
	case $1 in
	smackctl*) rm -r "$config"; in=$config ;;
	esac
	ln -s "$cell/gone" "$in"
	where="$in:"
}
row_vanished_in_dir() {
	case $1 in
	smackctl*) in=$config/accesses.d ;;
	*) mkdir "$in" ;;
	esac
	ln -s "$cell/gone" "$in/10-gone"
	where="$in/10-gone:"
}
row_dir_for_file() {
	case $1 in
	smackctl*) in=$config/logging ;;
	*) na="a directory is valid input here (see not_files)"; return ;;
	esac
	mkdir "$in"
	where="$in:"
}
row_long_arg() {
	write_records "$1" "$L"
	arg=$cell/$long_arg
	[ "$1" = smacknetlabel ] && arg=--long
	where=
}

# ------------------------------------------------------------ the cells

# The kernel's state as far as these tools can change it, in one file.
snapshot() {
	cat "$SMACKFS/load2" "$SMACKFS/cipso2" "$SMACKFS/netlabel" \
		"$SMACKFS/ipv6host" "$SMACKFS/ambient" "$SMACKFS/logging" \
		"$SMACKFS/ptrace" "$SMACKFS/doi" "$SMACKFS/direct" \
		"$SMACKFS/mapped" "$SMACKFS/onlycap" "$SMACKFS/syslog" \
		2> /dev/null
	# Only chsmack changes file labels.
	if [ "$col" = chsmack ]; then
		getfattr -R -d -m '^security\.SMACK64' "$cell" 2> /dev/null
	fi
}

# Every rule emptied, so that apply starts from a known state.
reset_rules() {
	awk '{ print $1 " " $2 " -" }' "$SMACKFS/load2" > "$mx/clear"
	[ -s "$mx/clear" ] && cat "$mx/clear" > "$SMACKFS/load2"
}

# launch TOOL ARG...: runs a tool for a cell as runner says: as it is;
# killed after 20 s (times SLOWDOWN) if it blocks (on a FIFO); or as root
# without the capabilities that bypass file permissions (which would read
# a mode 000 file).
launch() {
	case $runner in
	no_dac)
		capsh --drop=cap_dac_override,cap_dac_read_search -- \
			-c 'exec "$@"' sh "$@" ;;
	timeout)
		timeout $((20 * ${SLOWDOWN:-1})) "$@" ;;
	*)
		"$@" ;;
	esac
}

# cell COLUMN ROW KIND: one cell of the matrix.
cell() {
	col=$1 row=$2 kind=$3
	seq=$((seq + 1))
	L=Mx$seq
	cell=$mx/$seq-$col-$row
	name="$row / $col"
	records= where= runner= arg= na= config=
	mkdir "$cell"
	"${col}_slot"
	"row_$row" "$col"
	if [ -n "$na" ]; then
		skip "$name" "$na"
		return
	fi
	tool=${col%%_*}
	[ "$col" = smackctl_apply ] && reset_rules
	# A valid input with records is judged by its effect alone.
	compare=yes
	if [ "$kind" = valid ] && [ -n "$records" ] &&
		[ "$col" != smackctl_check ]; then
		compare=no
	fi
	[ "$compare" = no ] || snapshot > "$mx/before"
	# shellcheck disable=SC2086
	"${col}_run" $arg > "$mx/out" 2> "$mx/err"
	rc=$?
	[ "$compare" = no ] || snapshot > "$mx/after"
	problems=
	if [ "$rc" -eq 124 ] && [ "$runner" = timeout ]; then
		problems="; it blocked (killed after $((20 * ${SLOWDOWN:-1})) s)"
	elif [ "$kind" = valid ]; then
		judge_valid
	else
		judge_invalid
	fi
	if [ -z "$problems" ]; then
		pass "$name"
		return
	fi
	fail "$name${problems}"
	sed -n '1,4p' "$mx/err" | cut -c1-200 | sed 's/^/#   stderr: /'
	if [ "$compare" = yes ] && ! cmp -s "$mx/before" "$mx/after"; then
		diff "$mx/before" "$mx/after" | grep '^[<>]' | head -n 6 |
			cut -c1-200 | sed 's/^/#   state: /'
	fi
}

judge_valid() {
	[ "$rc" -eq 0 ] || problems="$problems; exit $rc, not 0"
	[ -s "$mx/err" ] && problems="$problems; printed on stderr"
	if [ "$compare" = yes ]; then
		cmp -s "$mx/before" "$mx/after" ||
			problems="$problems; the kernel state changed"
		return
	fi
	_i=0
	for _l in $records; do
		_i=$((_i + 1))
		"${col}_effect" "$_l" "$_i" ||
			problems="$problems; record $_i ($_l) not in effect"
	done
}

# Reads the messages with built-ins only: each line must start with the
# tool's name, one must name $where, and all of them must be short.
judge_messages() {
	_unprefixed=no _unnamed=
	[ -s "$mx/err" ] || { problems="$problems; no message"; return; }
	_size=$(wc -c < "$mx/err")
	# read takes a byte at a time: only the first 4 KiB of a long one.
	_messages=$mx/err
	if [ "$_size" -gt 4096 ]; then
		head -c 4096 "$mx/err" > "$mx/err.head"
		_messages=$mx/err.head
	fi
	while IFS= read -r _line || [ -n "$_line" ]; do
		case $_line in "$tool: "*) ;; *) _unprefixed=yes ;; esac
	done < "$_messages"
	for _w in $where; do
		_found=no
		while IFS= read -r _line || [ -n "$_line" ]; do
			case $_line in *"$_w"*) _found=yes; break ;; esac
		done < "$_messages"
		[ "$_found" = yes ] || _unnamed="$_unnamed ${_w#"$cell/"}"
	done
	[ -z "$_unnamed" ] ||
		problems="$problems; no message names$_unnamed"
	[ "$_unprefixed" = no ] ||
		problems="$problems; a line of stderr lacks '$tool: '"
	if [ "$row" != long_arg ] && [ "$_size" -gt 4096 ]; then
		problems="$problems; the message is $_size bytes"
	fi
}

judge_invalid() {
	eval "_bad=\$${col}_bad"
	[ "$rc" -eq "$_bad" ] || problems="$problems; exit $rc, not $_bad"
	judge_messages
	cmp -s "$mx/before" "$mx/after" ||
		problems="$problems; the kernel state changed"
}

for col in $columns; do
	if ! command -v "${col%%_*}" > /dev/null; then
		fail "${col%%_*} is not built"
		continue
	fi
	for row in $valid_rows; do
		cell "$col" "$row" valid
	done
	for row in $invalid_rows; do
		cell "$col" "$row" invalid
	done
done
reset_rules
echo "# $seq cells in $(($(date +%s) - started)) s"
finish
