# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the tests of completion/smack-utils (bash): they give its
# completion function a command line the way bash does, and check what it
# offers.  Sourced by tests/completion/completion.sh on the host and by the
# kernel case completion-labels in the guest.
#
#   comp LINE       completes the last word of LINE (the cursor at its end);
#                   reply holds the candidates sorted, one a line, and
#                   comp_opts what was asked of compopt
#   expect DESC WORD...   passes when the candidates are exactly the WORDs
#
# The tools are those PATH finds (the build's, which the callers put first).
# Environment: abs_top_srcdir, abs_top_builddir.

# The TAP helpers of the host tests (ok, not_ok, skip_test, diag,
# tap_done; tap_tmp, a scratch directory removed at exit).
. "${abs_top_srcdir:?abs_top_srcdir not set}/tests/tap.sh"

# Outside a completion that bash runs, compopt refuses to work: this one
# records what it was asked.
compopt() {
	comp_opts+=("$*")
}

# comp_split LINE: sets COMP_WORDS as bash cuts LINE into words: at blanks
# outside quotes, and around each run of the characters of COMP_WORDBREAKS
# that are not blanks or quotes, which makes a word of its own (checked
# against bash 5.2: "a --spec=f" is a, --spec, =, f; "User::Fred" is User,
# ::, Fred).  A blank at the end starts an empty word.
comp_split() {
	local line=$1 c i piece='' quote='' kind=''
	local breaks=${COMP_WORDBREAKS//[[:space:]\"\']/}

	COMP_WORDS=()
	for ((i = 0; i < ${#line}; i++)); do
		c=${line:i:1}
		if [[ $quote ]]; then
			piece+=$c
			[[ $c == "$quote" ]] && quote=''
			continue
		fi
		if [[ $c == [[:space:]] ]]; then
			[[ $kind ]] && COMP_WORDS+=("$piece")
			piece='' kind=''
			continue
		fi
		local now=w
		[[ $breaks == *"$c"* ]] && now=b
		if [[ $kind && $kind != "$now" ]]; then
			COMP_WORDS+=("$piece")
			piece=''
		fi
		kind=$now
		piece+=$c
		if [[ $c == \\ ]]; then
			piece+=${line:i+1:1}
			((i++))
		elif [[ $c == [\"\'] ]]; then
			quote=$c
		fi
	done
	COMP_WORDS+=("$piece")
}

comp() {
	COMP_LINE=$1
	COMP_POINT=${#1}
	comp_split "$1"
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	comp_opts=()
	_smack_complete "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" \
		"${COMP_WORDS[COMP_CWORD - 1]}"
	reply=$(printf '%s\n' "${COMPREPLY[@]}" | sort -u | sed '/^$/d')
}

# expect DESC WORD...: the last comp offered exactly the WORDs.
expect() {
	local desc=$1 want
	shift
	want=$(printf '%s\n' "$@" | sort -u | sed '/^$/d')
	if [[ $reply == "$want" ]]; then
		ok "$desc"
	else
		not_ok "$desc"
		diag "line: $COMP_LINE" "expected:" "$want" "offered:" "$reply"
	fi
}

# expect_has DESC WORD...: the last comp offered at least the WORDs.
expect_has() {
	local desc=$1 word missing=
	shift
	for word; do
		grep -qxF -- "$word" <<< "$reply" || missing+=" $word"
	done
	if [[ -z $missing ]]; then
		ok "$desc"
	else
		not_ok "$desc"
		diag "line: $COMP_LINE" "missing:$missing" "offered:" "$reply"
	fi
}
