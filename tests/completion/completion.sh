#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The bash completion of every tool (completion/smack-utils), driven as
# bash drives it: COMP_LINE, COMP_POINT, COMP_WORDS and COMP_CWORD set, the
# function that "complete -F" names called, COMPREPLY checked.  Every check
# runs twice: with the file alone, then with bash-completion's helpers
# (/usr/share/bash-completion/bash_completion) loaded, which a system with
# bash-completion has; that pass is skipped where it is not installed.
#
# Labels come from a load2 file of the test's own (the kernel case
# completion-labels reads the kernel's); the options of each tool are
# those of its --help.
set -u
: "${abs_top_srcdir:?abs_top_srcdir not set (run through make check)}"
. "$abs_top_srcdir/tests/completion/lib.bash"
. "$abs_top_srcdir/completion/smack-utils"
helpers=${BASH_COMPLETION_HELPERS:-/usr/share/bash-completion/bash_completion}

export PATH="$abs_top_builddir/utils:$PATH"
tmp=$tap_tmp
cd "$tmp" || exit 1
mkdir -p smackfs dir/sub
: > file
: > data
: > dir/inner
cat > smackfs/load2 <<'RULES'
Viewer CNN r
Viewer ESPN rw
User::Fred _ rx
$(touch${IFS}pwned) Viewer r
a;b Viewer w
RULES
labels=(Viewer CNN ESPN 'User::Fred' _ '\$\(touch\$\{IFS\}pwned\)' 'a\;b')
_smack_smackfs=$tmp/smackfs

tools=()
for tool in chsmack smackaccess smackaudit smackcipso smackctl smackload \
	smacknetlabel smackrun smack-utils; do
	[[ -x $abs_top_builddir/utils/$tool ]] && tools+=("$tool")
done

# help_options CMD...: the long options CMD's --help names, as
# tests/checks/help-vs-man.sh reads them.
help_options() {
	"$@" --help | grep -o -- '--[A-Za-z][A-Za-z0-9-]*' | sed 's/-*$//' |
		sort -u
}

# Every long option of --help is offered, and nothing else.
check_options() {
	local mode=$1 want got
	shift
	want=$(help_options "$@")
	comp "$* --"
	got=$(sed 's/=$//' <<< "$reply" | sort -u)
	if [[ -n $want && $got == "$want" ]]; then
		ok "$mode: $*: the $(wc -l <<< "$want") long options of --help are offered"
	else
		not_ok "$mode: $*: the long options of --help are offered"
		diag "--help:" "$want" "offered:" "$got"
	fi
}

check_all() {
	local mode=$1 tool t

	for tool in "${tools[@]}"; do
		check_options "$mode" "$tool"
	done
	if [[ -x $abs_top_builddir/utils/smack-utils ]]; then
		for t in $(smack-utils --list); do
			check_options "$mode" smack-utils "$t"
		done
		comp "smack-utils "
		# shellcheck disable=SC2046
		expect "$mode: smack-utils offers its tools" $(smack-utils --list)
		comp "smack-utils --l"
		expect "$mode: smack-utils offers its own options" --list
		comp "smack-utils chsmack -a Vi"
		expect "$mode: smack-utils chsmack -a completes a label" Viewer
	else
		skip_test "$mode: smack-utils" "not built (configure --enable-multicall)"
	fi

	# --- chsmack
	comp "chsmack --sp"
	expect "$mode: an option that takes an argument ends with =" --spec=
	if [[ ${comp_opts[*]-} == *nospace* ]]; then
		ok "$mode: ... and no space is added after it"
	else
		not_ok "$mode: ... and no space is added after it (compopt: ${comp_opts[*]-})"
	fi
	comp "chsmack -a "
	expect "$mode: chsmack -a offers the kernel's labels" "${labels[@]}"
	comp "chsmack --access=Vi"
	expect "$mode: chsmack --access=PREFIX" Viewer
	comp "chsmack --exec E"
	expect "$mode: chsmack --exec PREFIX" ESPN
	comp "chsmack -rm C"
	expect "$mode: chsmack -rm (a cluster) PREFIX" CNN
	comp "chsmack -a User::F"
	expect "$mode: a label with colons: the part after the last one" Fred
	comp "chsmack -a a\\;"
	expect "$mode: a label typed quoted" 'a\;b'
	comp "chsmack -a \\$"
	expect "$mode: a label with \$( ) is offered quoted" \
		'\$\(touch\$\{IFS\}pwned\)'
	if [[ -e pwned ]]; then
		not_ok "$mode: ... and not run"
	else
		ok "$mode: ... and not run"
	fi
	comp "chsmack --progress="
	expect "$mode: chsmack --progress=" auto always never
	comp "chsmack --spec "
	expect "$mode: chsmack --spec FILE" data dir file smackfs
	comp "chsmack --root=d"
	expect "$mode: chsmack --root=DIR offers directories" dir
	comp "chsmack -r dir/"
	expect "$mode: chsmack's operands are files" dir/inner dir/sub
	comp "chsmack -- -"
	expect "$mode: after --, no options"
	comp "chsmack > f"
	expect "$mode: a redirection's target is a file" file

	# --- labels, where load2 cannot be read
	_smack_smackfs=$tmp/none
	comp "chsmack -a "
	expect "$mode: no smackfs, no label"
	comp "smackaccess "
	expect "$mode: no smackfs, no label for smackaccess either"
	_smack_smackfs=$tmp/smackfs

	# --- smackaccess, smackrun, smackaudit
	comp "smackaccess "
	expect "$mode: smackaccess SUBJECT" "${labels[@]}"
	comp "smackaccess -e Viewer C"
	expect "$mode: smackaccess SUBJECT OBJECT (an option between)" CNN
	comp "smackaccess Viewer CNN "
	expect "$mode: smackaccess: nothing for ACCESS"
	comp "smackaccess --file "
	expect "$mode: smackaccess --file FILE" data dir file smackfs
	comp "smackrun -k V"
	expect "$mode: smackrun LABEL" Viewer
	comp "smackrun --show "
	expect "$mode: smackrun --show: a PID, no label"
	comp "smackrun Viewer ech"
	expect_has "$mode: smackrun LABEL COMMAND" echo
	comp "smackrun Viewer -- --"
	expect "$mode: smackrun: no option of its own after LABEL"
	comp "smackrun Viewer cat f"
	expect "$mode: smackrun LABEL COMMAND ARG: a file" file
	comp "smackaudit --subject="
	expect "$mode: smackaudit --subject=LABEL" "${labels[@]}"
	comp "smackaudit -O CN"
	expect "$mode: smackaudit -O LABEL" CNN
	comp "smackaudit --since "
	expect "$mode: smackaudit --since TIME" now today yesterday
	comp "smackaudit --access "
	expect "$mode: smackaudit --access LETTERS: nothing"
	comp "smackaudit f"
	expect "$mode: smackaudit FILE" file

	# --- files, and free text
	comp "smackload d"
	expect "$mode: smackload PATH" data dir
	comp "smackcipso -c f"
	expect "$mode: smackcipso PATH" file
	comp "smacknetlabel --add "
	expect "$mode: smacknetlabel --add ENTRY: nothing"
	comp "smacknetlabel -l f"
	expect "$mode: smacknetlabel PATH" file

	check_smackctl "$mode"
}

# smackctl: its commands from --help, its knobs and their values from
# the library's table (libsmack/knob-table.c).
check_smackctl() {
	local mode=$1 knobs=$abs_top_srcdir/libsmack/knob-table.c
	local name kind words knob_names=()

	comp "smackctl "
	# shellcheck disable=SC2046
	expect "$mode: smackctl COMMAND" $(smackctl --help |
		sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\).*/\1/p')
	comp "smackctl --verbose re"
	expect "$mode: smackctl COMMAND after an option" reload
	comp "smackctl --config-dir d"
	expect "$mode: smackctl --config-dir DIR: directories" dir
	while read -r name kind words; do
		knob_names+=("$name")
		comp "smackctl knob $name "
		case $kind in
		KNOB_LIST | KNOB_LABEL)
			expect "$mode: smackctl knob $name VALUE: a label" "${labels[@]}" ;;
		*)
			# shellcheck disable=SC2046
			expect "$mode: smackctl knob $name VALUE: ${words:-nothing}" \
				$([[ -z $words ]] ||
				  sed -n "/$words\[\] = {/,/};/p" "$knobs" |
				  grep -o '"[a-z]*"' | tr -d '"') ;;
		esac
		comp "smackctl knob $name x "
		if [[ $kind == KNOB_LIST ]]; then
			expect "$mode: smackctl knob $name VALUE VALUE: a label" "${labels[@]}"
		else
			expect "$mode: smackctl knob $name VALUE VALUE: nothing"
		fi
	done < <(sed -n 's/^\t\[KNOB_[A-Z]*\] = { "\([a-z]*\)", \(KNOB_[A-Z]*\), [^,]*, [^,]*, \([a-z_]*\).*/\1 \2 \3/p' "$knobs")
	comp "smackctl knob "
	if ((${#knob_names[@]} >= 9)); then
		expect "$mode: smackctl knob NAME: the knobs of knob-table.c" "${knob_names[@]}"
	else
		not_ok "$mode: the knobs of libsmack/knob-table.c are read (${#knob_names[@]})"
	fi
}

# The words of a line whose cursor is not at its end.
check_cursor() {
	COMP_LINE="smackctl knob onlycap Vi CNN" COMP_POINT=24
	COMP_WORDS=(smackctl knob onlycap Vi CNN) COMP_CWORD=3
	COMPREPLY=()
	_smack_complete smackctl Vi onlycap
	reply=$(printf '%s\n' "${COMPREPLY[@]}")
	expect "$1: the word before the cursor is completed" Viewer
}

((${#tools[@]} > 0)) || { echo "1..0 # SKIP no tool built"; exit 0; }
check_all "alone"
check_cursor "alone"
if [[ -r $helpers ]]; then
	# shellcheck disable=SC1090
	. "$helpers"
	check_all "bash-completion"
	check_cursor "bash-completion"
	comp "smackrun Viewer chsmack -a C"
	expect "bash-completion: smackrun LABEL COMMAND: the command's own completion" CNN
else
	skip_test "bash-completion's helpers" "$helpers is missing (Debian: apt-get install bash-completion)"
fi
tap_done
