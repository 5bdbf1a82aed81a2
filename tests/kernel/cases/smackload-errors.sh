# smackload: every class of bad input is reported with its file and line,
# exits 1 and leaves load2 exactly as it was; so does a kernel refusal.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

printf 'LeBase LeObj rwx\nLeBase LeObj2 r\n' | smackload
cat "$SMACKFS/load2" | sort > "$T/before"

# bad_input NAME EXPECTED-MESSAGE-REGEX: $T/bad holds the input.
bad_input() {
	smackload "$T/bad" > "$T/out" 2> "$T/err"
	rc=$?
	check_eq "$1: exit status 1" 1 "$rc"
	check "$1: the message names file and line" grep -Eq "$2" "$T/err"
	sort "$SMACKFS/load2" > "$T/after"
	check "$1: load2 is unchanged" cmp -s "$T/before" "$T/after"
	smackload --check "$T/bad" 2> "$T/err"
	check_eq "$1: --check exits 1" 1 "$?"
	check "$1: --check names file and line" grep -Eq "$2" "$T/err"
}

printf 'LeA LeB rwx\nLeA LeC rwq\n' > "$T/bad"
# The column is where the field at fault starts, not the bad letter's.
bad_input "bad access letter" "^smackload: $T/bad:2:9: unknown access letter 'q' in \"rwq\""
printf 'LeA LeB rwx\nLeA LeC\n' > "$T/bad"
bad_input "too few fields" "^smackload: $T/bad:2:8: .*field"
printf 'LeA LeB rwx\nLeA LeC r w x\n' > "$T/bad"
bad_input "too many fields" "^smackload: $T/bad:2(:[0-9]+)?: .*field"
printf 'LeA LeB rwx\nLeA %s r\n' "$(printf 'L%0255d' 0)" > "$T/bad"
bad_input "label too long" "^smackload: $T/bad:2:5: label .*255"
printf 'LeA LeB rwx\n\nLeA Le/C r\n' > "$T/bad"
bad_input "forbidden character" "^smackload: $T/bad:3:5: label \"Le/C\" contains '/'"
printf 'LeA LeB rwx\n-LeA LeC r\n' > "$T/bad"
bad_input "label starting with -" "^smackload: $T/bad:2:1: label .*'-'"

# A directory with one bad file among good ones loads none of them.
mkdir "$T/dir.d"
printf 'LeD1 LeE r\n' > "$T/dir.d/10-good"
printf 'LeD2 LeE r\nLeD2 LeE rwz\n' > "$T/dir.d/20-bad"
printf 'LeD3 LeE r\n' > "$T/dir.d/30-good"
smackload "$T/dir.d" 2> "$T/err"
check_eq "directory with a bad file: exit status 1" 1 "$?"
check "directory with a bad file: names it" \
	grep -q "^smackload: $T/dir.d/20-bad:2:" "$T/err"
sort "$SMACKFS/load2" > "$T/after"
check "directory with a bad file: load2 is unchanged" cmp -s "$T/before" "$T/after"

# Several errors are all reported.
printf 'LeA LeB rwq\nLe"A LeB r\nLeA\n' > "$T/bad"
smackload "$T/bad" 2> "$T/err"
check_eq "three bad lines, three messages" 3 "$(grep -c "^smackload: $T/bad:" "$T/err")"

# An unreadable file (root without its DAC override capabilities).
printf 'LeU LeV r\n' > "$T/secret"
chmod 000 "$T/secret"
printf 'LeW LeV r\n' > "$T/readable"
capsh --drop=cap_dac_override,cap_dac_read_search -- -c \
	"smackload '$T/readable' '$T/secret' 2> '$T/err'"
check_eq "unreadable file: exit status 1" 1 "$?"
check "unreadable file: the message names it" \
	grep -q "^smackload: $T/secret: .*[Pp]ermission denied" "$T/err"
smackload "$T/readable" "$T/nonexistent" 2> "$T/err"
check_eq "missing file: exit status 1" 1 "$?"
check "missing file: the message names it" \
	grep -q "^smackload: $T/nonexistent: .*No such file" "$T/err"
sort "$SMACKFS/load2" > "$T/after"
check "unreadable and missing files: load2 is unchanged" cmp -s "$T/before" "$T/after"

# The kernel refuses: without CAP_MAC_ADMIN, load2 cannot be written.
printf 'LeR LeS r\n' > "$T/good"
capsh --drop=cap_mac_admin -- -c "smackload '$T/good' 2> '$T/err'"
check_eq "kernel refusal: exit status 1" 1 "$?"
check "kernel refusal: the message says so" \
	grep -q "^smackload: the kernel refused rule 1 of 1" "$T/err"
check "kernel refusal: the message names the rule" \
	grep -q 'the rule was "LeR LeS r"' "$T/err"
capsh --drop=cap_mac_admin -- -c "smackload -c '$T/good' 2> /dev/null"
check_eq "kernel refusal of -c: exit status 1" 1 "$?"

# Usage errors exit 2.
smackload --no-such-option 2> /dev/null
check_eq "an unknown option exits 2" 2 "$?"
finish
