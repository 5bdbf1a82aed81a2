# smackrun and capabilities: by default the command has neither
# CAP_MAC_ADMIN nor CAP_MAC_OVERRIDE in any set (read from the child's
# /proc/self/status), every other capability is kept, and Smack really
# confines it; --keep-caps keeps them.  A root caller that cannot empty its
# bounding set of them is refused, since exec would give them back.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }

# CAP_MAC_OVERRIDE is bit 32, CAP_MAC_ADMIN bit 33.
MAC_BITS=0x300000000

# cap_mask FIELD < status: the hex mask of CapEff, CapPrm, ...
cap_mask() {
	awk -v f="$1:" '$1 == f { print "0x" $2 }'
}

smackrun Viewer cat /proc/self/status > "$T/default.status"
smackrun --keep-caps Viewer cat /proc/self/status > "$T/kept.status"
cat /proc/self/status > "$T/parent.status"

for set in CapEff CapPrm CapInh CapBnd CapAmb; do
	parent=$(cap_mask $set < "$T/parent.status")
	child=$(cap_mask $set < "$T/default.status")
	kept=$(cap_mask $set < "$T/kept.status")
	check_eq "default: $set lacks CAP_MAC_ADMIN and CAP_MAC_OVERRIDE" 0 \
		$((child & MAC_BITS))
	check_eq "default: $set keeps every other capability" \
		$((parent & ~MAC_BITS)) $((child & ~MAC_BITS))
	check_eq "--keep-caps: $set is the caller's" $((parent)) $((kept))
done
check_eq "the caller (root) holds both in CapEff" $((MAC_BITS)) \
	$(($(cap_mask CapEff < "$T/parent.status") & MAC_BITS))

# What the masks mean: the default command is confined, --keep-caps not.
echo secret > "$T/secret"
setfattr -n security.SMACK64 -v Secret "$T/secret"
check_fails "default: Viewer cannot read a Secret file" \
	smackrun Viewer cat "$T/secret"
check_eq "--keep-caps: CAP_MAC_OVERRIDE reads it anyway" "secret" \
	"$(smackrun --keep-caps Viewer cat "$T/secret")"
check_fails "default: the command cannot relabel itself back" \
	smackrun Viewer sh -c 'printf _ > /proc/self/attr/current'
check_fails "default: nor through a nested smackrun" \
	smackrun Viewer smackrun _ true
check_fails "default: nor load a rule" \
	smackrun Viewer sh -c 'echo "Viewer Secret r" > "$SMACKFS/load2"'
check_eq "--keep-caps: the command can relabel itself" "_" \
	"$(smackrun --keep-caps Viewer sh -c \
	   'printf _ > /proc/self/attr/current && cat /proc/self/attr/current')"

# Ambient capabilities survive exec, so they must be cleared too.
amb_status=$(capsh --inh=cap_mac_override --addamb=cap_mac_override -- -c \
	'smackrun Viewer cat /proc/self/status' 2> "$T/err")
amb_parent=$(capsh --inh=cap_mac_override --addamb=cap_mac_override -- -c \
	'cat /proc/self/status' | cap_mask CapAmb)
check_eq "the test's caller holds CAP_MAC_OVERRIDE as ambient" \
	$((0x100000000)) $((amb_parent & MAC_BITS))
check_eq "default: an ambient CAP_MAC_OVERRIDE is dropped" 0 \
	$(($(echo "$amb_status" | cap_mask CapAmb) & MAC_BITS))
check_eq "default: and not inherited either" 0 \
	$(($(echo "$amb_status" | cap_mask CapInh) & MAC_BITS))

# Root without CAP_SETPCAP cannot shrink its bounding set, and exec would
# hand root the whole bounding set again: refuse, do not run.
rm -f "$T/ran"
capsh --drop=cap_setpcap -- -c 'smackrun Viewer touch "$1"' sh "$T/ran" \
	2> "$T/err"
check_eq "root without CAP_SETPCAP: exit 125" 125 $?
check_fails "root without CAP_SETPCAP: the command did not run" \
	test -e "$T/ran"
check "root without CAP_SETPCAP: the message says why" \
	grep -q "bounding set without CAP_SETPCAP" "$T/err"
check_eq "root without CAP_SETPCAP but --keep-caps: runs" "Viewer" \
	"$(capsh --drop=cap_setpcap -- -c \
	   'smackrun --keep-caps Viewer cat /proc/self/attr/current')"

# A non-root caller keeps its bounding set (it cannot change it), and the
# command still runs confined: it holds neither capability.
# (The relabel-self list belongs to the process that writes it: the shell's
# builtin printf, not a cat child.)
sh -c 'printf Viewer > "$SMACKFS/relabel-self" &&
	exec setpriv --reuid=65534 --regid=65534 --clear-groups \
	smackrun Viewer cat /proc/self/status' > "$T/nonroot.status"
check "uid 65534: smackrun ran the command" \
	grep -q '^Name:.cat$' "$T/nonroot.status"
for set in CapEff CapPrm CapAmb; do
	mask=$(cap_mask $set < "$T/nonroot.status")
	check_eq "uid 65534: $set holds neither" 0 \
		$((${mask:-MAC_BITS} & MAC_BITS))
done
finish
