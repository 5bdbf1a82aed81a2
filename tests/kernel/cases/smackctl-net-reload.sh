# smackctl reload of netlabel.d and cipso.d (the plan's use of
# smack_netlabel_diff and smack_cipso_diff): an entry given again with
# another label and its address unmasked is replaced, an IPv6 entry the
# tree no longer has is deleted, an IPv4 one stays and is named, and a
# CIPSO mapping the tree no longer has stays.  Hosts in documentation
# ranges no other case uses.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

tree=$T/etc-smack
mkdir -p "$tree/accesses.d" "$tree/cipso.d" "$tree/netlabel.d"
printf '203.0.113.80/28 SnOld\n203.0.113.96/28 SnStale\n' \
	> "$tree/netlabel.d/v4"
printf '2001:db8:c7::/48 SnSix\n' > "$tree/netlabel.d/v6"
printf 'SnCip 3 5\nSnLeft 4 6\n' > "$tree/cipso.d/map"
check "apply" smackctl --config-dir "$tree" apply
check "the IPv6 entry is there" \
	grep -qx '2001:0db8:00c7:0000:0000:0000:0000:0000/48 SnSix' \
	"$SMACKFS/ipv6host"

printf '203.0.113.85/28 SnNew\n' > "$tree/netlabel.d/v4"
printf '2001:db8:c7:1::/64 SnSix2\n' > "$tree/netlabel.d/v6"
printf 'SnCip 7 5\n' > "$tree/cipso.d/map"
smackctl --config-dir "$tree" --dry-run reload > "$T/plan" 2> "$T/err"
check "reload --dry-run replaces the entry, as written" \
	grep -qx 'netlabel 203.0.113.85/28 SnNew' "$T/plan"
check "... and deletes the IPv6 one" grep -qx \
	'netlabel 2001:0db8:00c7:0000:0000:0000:0000:0000/48 -DELETE' \
	"$T/plan"
check "... and writes the changed mapping only" \
	sh -c '[ "$(grep "^cipso " "$1")" = "cipso SnCip 7 5" ]' sh "$T/plan"
check "reload names the stale entry" grep -qxF \
	"smackctl: netlabel entry 203.0.113.96/28 SnStale is not in the configuration, but the kernel cannot delete IPv4 entries" \
	"$T/err"

check "reload" smackctl --config-dir "$tree" reload
check "the entry has its new label" \
	grep -qx '203.0.113.80/28 SnNew' "$SMACKFS/netlabel"
check "the stale entry stays" \
	grep -qx '203.0.113.96/28 SnStale' "$SMACKFS/netlabel"
check_fails "the old IPv6 entry is deleted" grep -q SnSix\$ "$SMACKFS/ipv6host"
check "the new IPv6 entry is there" \
	grep -qx '2001:0db8:00c7:0001:0000:0000:0000:0000/64 SnSix2' \
	"$SMACKFS/ipv6host"
check "the changed mapping" grep -Eqx 'SnCip +7/5' "$SMACKFS/cipso2"
check "the mapping the tree dropped stays" \
	grep -Eqx 'SnLeft +4/6' "$SMACKFS/cipso2"
check_eq "reload again changes nothing" "" \
	"$(smackctl --config-dir "$tree" --dry-run reload 2> /dev/null)"
finish
