# smacknetlabel: host entries from the command line, files and
# directories, read back from the kernel; malformed addresses and masks
# refused with FILE:LINE and nothing written.  Only documentation
# addresses are used: IPv4 entries cannot be deleted.
. "$SRCDIR/tests/kernel/lib.sh"

has_entry() {
	grep -qxF "$1" "$SMACKFS/netlabel"
}

check "--add loads one entry" smacknetlabel --add '192.0.2.0/24 NlToolA'
check "it reads back" has_entry "192.0.2.0/24 NlToolA"
check "an unlabeled host is marked @" \
	smacknetlabel --add '198.51.100.1 @' --add '198.51.100.2/32 -CIPSO'
check "the @ host reads back with /32" has_entry "198.51.100.1/32 @"
check "a CIPSO host reads back" has_entry "198.51.100.2/32 -CIPSO"

cat > "$T/hosts" <<'HOSTS'
# hosts of the test
203.0.113.0/28	NlToolFile
  203.0.113.16/28 NlToolFile2
HOSTS
check "entries load from a file" smacknetlabel "$T/hosts"
check "and read back" has_entry "203.0.113.0/28 NlToolFile"
check "the second too" has_entry "203.0.113.16/28 NlToolFile2"

mkdir "$T/netlabel.d"
echo '203.0.113.32/28 NlToolDir1' > "$T/netlabel.d/a"
echo '203.0.113.32/28 NlToolDir2' > "$T/netlabel.d/b"
check "entries load from a directory" smacknetlabel "$T/netlabel.d"
check "its files in name order (the last one wins)" \
	has_entry "203.0.113.32/28 NlToolDir2"

# Entries are written in the order of the command line, PATHs and --add
# mixed: a later entry for the same network replaces the earlier one.
echo '203.0.113.48/28 NlToolOrderFile' > "$T/order"
check "a PATH after --add" smacknetlabel \
	--add '203.0.113.48/28 NlToolOrderAdd' "$T/order"
check "is written after it" has_entry "203.0.113.48/28 NlToolOrderFile"
check "a PATH before --add" smacknetlabel "$T/order" \
	--add='203.0.113.48/28 NlToolOrderAdd'
check "is written before it" has_entry "203.0.113.48/28 NlToolOrderAdd"
check "PATH, --add, PATH" smacknetlabel "$T/order" \
	-a '203.0.113.48/28 NlToolOrderAdd' "$T/order"
check "the last one wins" has_entry "203.0.113.48/28 NlToolOrderFile"
check "-aENTRY, then -- PATH" smacknetlabel \
	"-a203.0.113.48/28 NlToolOrderAdd" -- "$T/order"
check "the PATH after -- wins" has_entry "203.0.113.48/28 NlToolOrderFile"

smacknetlabel --list > "$T/list"
check "--list shows the entries" grep -qxF "192.0.2.0/24 NlToolA" "$T/list"
check_eq "--list shows what netlabel holds" "$(cat "$SMACKFS/netlabel")" \
	"$(grep -v : "$T/list")"

if [ -e "$SMACKFS/ipv6host" ]; then
	check "an IPv6 entry with :: loads" \
		smacknetlabel --add '2001:db8:5::/48 NlToolSix'
	check "it reads back written out in full" grep -qxF \
		"2001:0db8:0005:0000:0000:0000:0000:0000/48 NlToolSix" \
		"$SMACKFS/ipv6host"
	smacknetlabel --list > "$T/list6"
	check "and is listed" grep -qxF \
		"2001:0db8:0005:0000:0000:0000:0000:0000/48 NlToolSix" \
		"$T/list6"
	check "-DELETE removes it" \
		smacknetlabel --add '2001:db8:5::/48 -DELETE'
	check_fails "it is gone" grep -q NlToolSix "$SMACKFS/ipv6host"
else
	skip "IPv6 entries" "the kernel has no ipv6host"
fi

# Malformed entries: FILE:LINE:COL, and nothing of the file written.
cat > "$T/bad" <<'HOSTS'
192.0.2.128/25 NlToolHalf
300.1.1.1 NlToolOctet
192.0.2.1/33 NlToolMask
192.0.2 NlToolShort
192.0.2.1/-1 NlToolNeg
HOSTS
cat "$SMACKFS/netlabel" > "$T/before"
# smackfs files have no size: compare a copy, not the file itself (cmp
# would see 0 bytes against some).
same_as_before() {
	cat "$SMACKFS/netlabel" > "$T/after" && cmp -s "$T/before" "$T/after"
}
smacknetlabel "$T/bad" 2> "$T/err"
check_eq "malformed entries exit 1" 1 $?
check "an octet over 255 is named with file and line" grep -qF \
	"smacknetlabel: $T/bad:2:1: host \"300.1.1.1\": each number of an IPv4 address must be 0..255" \
	"$T/err"
check "a mask over 32 is named at its host's column" grep -qF \
	"$T/bad:3:1: host \"192.0.2.1/33\": the mask must be 0..32" "$T/err"
check "a short address is refused" grep -qF "$T/bad:4:" "$T/err"
check "a negative mask is refused" grep -qF "$T/bad:5:1:" "$T/err"
check "nothing was written" same_as_before
check_fails "not even the good first line" has_entry "192.0.2.128/25 NlToolHalf"
check_fails "300.1.1.1 did not become 44.1.1.1" grep -q '^44\.1\.1\.1' \
	"$SMACKFS/netlabel"

check_fails "--add refuses a bad mask" smacknetlabel --add '192.0.2.1/40 X'
check_fails "--add refuses -DELETE for IPv4" \
	smacknetlabel --add '192.0.2.1 -DELETE'
check_fails "one bad --add stops the good ones" \
	smacknetlabel --add '192.0.2.200/32 NlToolNot' --add '1.2.3 Y'
check_fails "so the good one is not loaded" \
	has_entry "192.0.2.200/32 NlToolNot"
check "--check accepts good entries" smacknetlabel --check \
	--add '192.0.2.201 NlToolCheck'
check_fails "and loads nothing" has_entry "192.0.2.201/32 NlToolCheck"

check_fails "a process without CAP_MAC_ADMIN cannot load" \
	confined _ smacknetlabel --add '192.0.2.202 NlToolConf'
check_fails "and loaded nothing" has_entry "192.0.2.202/32 NlToolConf"
finish
