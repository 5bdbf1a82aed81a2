# smackctl apply, check, clear and status over a whole configuration tree:
# rules, CIPSO mappings, netlabel entries and knobs.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

tree=$T/etc-smack
mkdir -p "$tree/accesses.d" "$tree/cipso.d" "$tree/netlabel.d"
printf '# web server\nCaWeb CaData rw\r\nCaWeb CaLog  a\n\n; old\n' \
	> "$tree/accesses.d/10-web"
printf 'CaDb CaData rwx\nCaDb CaData - x\nCaWeb CaLog wa\n' > "$tree/accesses.d/20-db"
printf 'CaX CaY rwx\n' > "$tree/accesses.d/20-db~"
printf 'CaCip 3 5 19\n' > "$tree/cipso.d/cip"
printf '192.168.77.0/24 CaNet\n' > "$tree/netlabel.d/lan"
echo _ > "$tree/onlycap"
echo CaAmbient > "$tree/ambient"
echo both > "$tree/logging"
echo exact > "$tree/ptrace"

check "check accepts the tree" smackctl --config-dir "$tree" check
out=$(smackctl --config-dir "$tree" --dry-run apply)
check "apply --dry-run lists a rule" \
	sh -c 'printf "%s\n" "$1" | grep -qx "rule CaWeb CaData rw"' sh "$out"
check "apply --dry-run lists a knob" \
	sh -c 'printf "%s\n" "$1" | grep -qx "knob ambient CaAmbient"' sh "$out"
check_fails "apply --dry-run writes nothing" grep -q '^CaWeb ' "$SMACKFS/load2"

check "apply" smackctl --config-dir "$tree" apply
check "rule of the first file" has_rule CaWeb CaData rw
check "a later file's rule for a pair wins" has_rule CaWeb CaLog wa
check "an allow/deny line changes the line before it" has_rule CaDb CaData rw
check_fails "editor backups are skipped" grep -q '^CaX ' "$SMACKFS/load2"
check "the CIPSO mapping" grep -Eq '^CaCip +3/5,19$' "$SMACKFS/cipso2"
check "the netlabel entry" grep -qx '192.168.77.0/24 CaNet' "$SMACKFS/netlabel"
check_eq "onlycap" "_" "$(tr -d ' ' < "$SMACKFS/onlycap")"
check_eq "ambient" "CaAmbient" "$(tr -d '\0' < "$SMACKFS/ambient")"
check_eq "logging" "3" "$(cat "$SMACKFS/logging")"
check_eq "ptrace" "1" "$(cat "$SMACKFS/ptrace")"
check_eq "apply again changes nothing" "" \
	"$(smackctl --config-dir "$tree" --dry-run apply)"

# status and test.
smackctl --config-dir "$tree" status > "$T/status"
check_eq "status exits 0" 0 "$?"
check "status keeps the first line of smackctl 1.3" \
	grep -qx "SmackFS is mounted to $SMACKFS/" "$T/status"
check "status: active" grep -qx "smack: active" "$T/status"
check "status: the number of rules" \
	grep -qx "rules: $(grep -c . "$SMACKFS/load2")" "$T/status"
check "status: the number of labels" \
	grep -qx "labels: $(grep -c . "$SMACKFS/cipso2")" "$T/status"
check "status: onlycap" grep -qx "onlycap: _" "$T/status"
check "status: ambient" grep -qx "ambient: CaAmbient" "$T/status"
check "status: logging" grep -qx "logging: 3 (both)" "$T/status"
check "status: ptrace" grep -qx "ptrace: 1 (exact)" "$T/status"
check "status: no drift" grep -qx "drift: no" "$T/status"
echo 'CaExtra CaData r' > "$SMACKFS/load2"
check "status: drift after a change behind its back" \
	sh -c "smackctl --config-dir '$tree' status | grep -qx 'drift: yes (1 changes to make: see smackctl reload --dry-run)'"
smackctl --config-dir "$tree" --key-value status > "$T/kv"
check "status --key-value: drift" grep -qx "drift=yes" "$T/kv"
check "status --key-value: onlycap" grep -qx "onlycap=_" "$T/kv"
check "status --key-value: smack" grep -qx "smack=active" "$T/kv"
if command -v python3 > /dev/null; then
	smackctl --config-dir "$tree" --json status > "$T/json"
	check "status --json is JSON with the facts" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["active"] is True and d["drift"] is True, d
assert d["onlycap"] == ["_"] and d["logging"] == 3, d
assert d["rules"] > 0 and d["drift_changes"] == 1, d' "$T/json"
else
	skip "status --json is JSON" "no python3"
fi
smackctl test
check_eq "test exits 0 when Smack is active" 0 "$?"

# SMACK_CONFIG_DIR names the tree too; the option wins over it.
SMACK_CONFIG_DIR=$tree smackctl apply
check "SMACK_CONFIG_DIR" sh -c "! grep -q '^CaExtra ' '$SMACKFS/load2'"
SMACK_CONFIG_DIR=$T/nonexistent smackctl --config-dir "$tree" check
check_eq "--config-dir wins over SMACK_CONFIG_DIR" 0 "$?"
smackctl --config-dir "$T/nonexistent" apply 2> "$T/err"
check_eq "a tree named but missing is an error" 1 "$?"
check "... that names it" grep -q "$T/nonexistent: No such file" "$T/err"

# Missing optional parts are normal.
mkdir -p "$T/only-rules/accesses.d"
printf 'CaOnly CaData r\n' > "$T/only-rules/accesses.d/rules"
check "a tree with only accesses.d" smackctl --config-dir "$T/only-rules" apply
check "... is applied" has_rule CaOnly CaData r
check_fails "... and the rules of the other tree are gone" grep -q '^CaWeb ' "$SMACKFS/load2"
mkdir "$T/empty"
check "an empty tree" smackctl --config-dir "$T/empty" apply
check_eq "... leaves no rule" "" "$(cat "$SMACKFS/load2")"

# clear.
smackctl --config-dir "$tree" apply
out=$(smackctl --dry-run clear)
check "clear --dry-run lists the removals" \
	sh -c 'printf "%s\n" "$1" | grep -qx "rule CaWeb CaData -"' sh "$out"
check "clear --dry-run changes nothing" has_rule CaWeb CaData rw
check "clear" smackctl clear
check_eq "clear removes every rule" "" "$(cat "$SMACKFS/load2")"

# The kernel refuses (no CAP_MAC_ADMIN): exit 1, a message, nothing changed.
capsh --drop=cap_mac_admin -- -c \
	"smackctl --config-dir '$tree' apply 2> '$T/err'"
check_eq "apply refused by the kernel: exit 1" 1 "$?"
check "... says which rule" grep -q "the kernel refused rule 1 of" "$T/err"
check_eq "... and leaves load2 empty" "" "$(cat "$SMACKFS/load2")"
smackctl --config-dir "$tree" apply
capsh --drop=cap_mac_admin -- -c "smackctl clear 2> /dev/null"
check_eq "clear refused by the kernel: exit 1" 1 "$?"

smackctl frobnicate 2> /dev/null
check_eq "an unknown command exits 2" 2 "$?"
finish
