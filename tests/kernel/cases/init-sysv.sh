# The SysV/BusyBox init script: start mounts smackfs if it is not mounted
# and loads a configuration tree (in this tmpfs) into the kernel; reload
# brings the kernel to a changed tree; status; stop.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

script=${INSTALLED:+$INSTALLED/etc/init.d/smack}
script=${script:-$BUILDDIR/init/smack}
export SMACK_CONFIG_DIR=$T/etc/smack SMACKCTL=smackctl
mkdir -p "$SMACK_CONFIG_DIR/accesses.d" "$SMACK_CONFIG_DIR/cipso.d" \
	"$SMACK_CONFIG_DIR/netlabel.d"
tree=$SMACK_CONFIG_DIR
printf 'InApp InData rwx\nInApp InLog a\nInOld InData r\n' > "$tree/accesses.d/app"
printf 'InCipA 5 1 2 3\nInCipB 6\n' > "$tree/cipso.d/levels"
printf '10.11.0.0/16 InNet\n' > "$tree/netlabel.d/lan"
echo _ > "$tree/onlycap"
echo InAmbient > "$tree/ambient"
echo accepted > "$tree/logging"

check "the init script was built" test -x "$script"

# start, with smackfs not mounted: the script mounts it.
umount "$SMACKFS"
check_fails "smackfs is not mounted before start" test -e "$SMACKFS/load2"
sh "$script" start > "$T/out" 2>&1
check_eq "start exits 0" 0 "$?"
mountpoint -q "$SMACKFS" || mount -t smackfs smackfs "$SMACKFS"
check "start mounted smackfs" test -e "$SMACKFS/load2"
check "start loaded the rules" has_rule InApp InData rwx
check "... all of them" has_rule InOld InData r
check "start loaded a CIPSO mapping" grep -Eq '^InCipA +5/1,2,3$' "$SMACKFS/cipso2"
check "... and one without categories" grep -Eq '^InCipB +6$' "$SMACKFS/cipso2"
check "start loaded the netlabel entry" grep -qx '10.11.0.0/16 InNet' "$SMACKFS/netlabel"
check_eq "start set onlycap" "_" "$(tr -d ' ' < "$SMACKFS/onlycap")"
check_eq "start set ambient" "InAmbient" "$(tr -d '\0' < "$SMACKFS/ambient")"
check_eq "start set logging" "2" "$(cat "$SMACKFS/logging")"

# status.
sh "$script" status > "$T/status"
check_eq "status exits 0" 0 "$?"
check "status reports no drift" grep -qx "drift: no" "$T/status"

# reload with a changed tree.
printf 'InApp InData rx\nInNew InData w\n' > "$tree/accesses.d/app"
printf 'InCipA 7 4\n' > "$tree/cipso.d/levels"
printf '10.11.0.0/16 InNet2\n' > "$tree/netlabel.d/lan"
echo denied > "$tree/logging"
rm "$tree/ambient"
check "reload" sh "$script" reload
check "reload changed a rule" has_rule InApp InData rx
check "reload added a rule" has_rule InNew InData w
check_fails "reload removed a rule" grep -q '^InOld ' "$SMACKFS/load2"
check_fails "... and another" grep -q '^InApp InLog ' "$SMACKFS/load2"
check "reload changed the CIPSO mapping" grep -Eq '^InCipA +7/4$' "$SMACKFS/cipso2"
check "reload changed the netlabel entry" grep -qx '10.11.0.0/16 InNet2' "$SMACKFS/netlabel"
check_eq "reload changed logging" "1" "$(cat "$SMACKFS/logging")"
check_eq "a knob without a file is left alone" "InAmbient" \
	"$(tr -d '\0' < "$SMACKFS/ambient")"
check "force-reload and restart reload too" sh "$script" restart
check "status: no drift after reload" \
	sh -c "sh '$script' status | grep -qx 'drift: no'"

# A bad tree: reload fails and changes nothing.
printf 'InBad InData rwz\n' > "$tree/accesses.d/zz-bad"
sort "$SMACKFS/load2" > "$T/before"
sh "$script" reload 2> "$T/err"
check_eq "reload of a bad tree exits 1" 1 "$?"
check "... naming the file and line" grep -q "zz-bad:1:" "$T/err"
sort "$SMACKFS/load2" > "$T/after"
check "... and changes nothing" cmp -s "$T/before" "$T/after"
rm "$tree/accesses.d/zz-bad"

# start with a bad file: the rest of the tree is loaded, the bad file is
# named, and start fails.
smackctl clear
printf 'InBad InData r\nInBad InLog rwz\n' > "$tree/accesses.d/zz-bad"
sh "$script" start 2> "$T/err"
check_eq "start with a bad file exits 1" 1 "$?"
check "... naming the file and line" grep -q "zz-bad:2:" "$T/err"
check "... loading the rest" has_rule InApp InData rx
check_fails "... but not the bad file" grep -q '^InBad ' "$SMACKFS/load2"
rm "$tree/accesses.d/zz-bad"

# stop removes the rules, as the old script did.
check "stop" sh "$script" stop
check_eq "stop removed the rules" "" "$(cat "$SMACKFS/load2")"
sh "$script" bogus 2> /dev/null
check_eq "an unknown action exits 2" 2 "$?"
finish
