# smackctl test and status on a kernel where Smack is active but smackfs
# is not mounted (early boot, before the unit mounts it): test exits 2 as
# smackctl 1.3 did, and status says which of the two states it is.
# smackfs is mounted again at the end, whatever happens.
. "$SRCDIR/tests/kernel/lib.sh"

mounted() { grep -q " $SMACKFS smackfs " /proc/mounts; }
remount() { mounted || mount -t smackfs smackfs "$SMACKFS"; }
trap remount EXIT
trap 'remount; exit 1' INT TERM

smackctl test
check_eq "test exits 0 with smackfs mounted" 0 $?
smackctl --config-dir "$T" status > "$T/out"
check_eq "status prints the line of smackctl 1.3, byte for byte" \
	"SmackFS is mounted to /sys/fs/smackfs/" "$(head -n 1 "$T/out")"

if ! umount "$SMACKFS"; then
	fail "cannot unmount $SMACKFS"
	finish
fi

smackctl test > "$T/out" 2> "$T/err"
check_eq "test exits 2 when Smack is active but smackfs is not mounted" 2 $?
check "... and says which of the two it is" grep -qx \
	"smackctl: Smack is active, but smackfs is not mounted (mount -t smackfs smackfs $SMACKFS)" \
	"$T/err"
check_eq "... on standard error only" "" "$(cat "$T/out")"

smackctl --config-dir "$T" apply 2> "$T/err"
check_eq "apply exits 1" 1 $?
check "... saying that Smack is active, smackfs not mounted" grep -qx \
	"smackctl: Smack is active, but smackfs is not mounted (mount -t smackfs smackfs $SMACKFS)" \
	"$T/err"

smackctl --config-dir "$T" status > "$T/out" 2> "$T/err"
check_eq "status exits 0" 0 $?
check_eq "status: the old line, then the state and the tree" \
	"SmackFS is not mounted.|smack: active, smackfs not mounted|config: $T" \
	"$(paste -sd '|' "$T/out")"
check_eq "status writes nothing on standard error" "" "$(cat "$T/err")"

smackctl --config-dir "$T" --key-value status > "$T/out"
check_eq "status --key-value exits 0" 0 $?
check_eq "status --key-value: unmounted, nothing counted" \
	"smack=unmounted smackfs= rules=unknown labels=unknown config=$T drift=unknown drift_changes=0 netlabel_stale=0" \
	"$(paste -sd ' ' "$T/out")"

smackctl --config-dir "$T" --json status > "$T/out"
check_eq "status --json exits 0" 0 $?
check_eq "status --json: active, smackfs and the counts null" \
	'{"active": true, "smackfs": null, "rules": null, "labels": null, "config": "'"$T"'", "drift": null, "drift_changes": 0, "netlabel_stale": 0}' \
	"$(cat "$T/out")"

remount
check "smackfs is mounted again" mounted
smackctl test
check_eq "test exits 0 again" 0 $?
finish
