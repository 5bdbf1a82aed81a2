# A configuration tree written for systemd's own loader (src/core/
# smack-setup.c): the files it skips are skipped here too, by smackctl and
# by the tools that read the same directories.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

tree=$T/etc-smack
mkdir -p "$tree/accesses.d" "$tree/cipso.d" "$tree/netlabel.d"

# Every name systemd's hidden_or_backup_file() skips, each file a rule, a
# mapping and an entry of its own: none may reach the kernel.
skipped='.hidden 10-web~ 10-web.ignore 10-web.swp 10-web.bak 10-web.old
	10-web.new 10-web.rpmnew 10-web.rpmsave 10-web.rpmorig
	10-web.dpkg-old 10-web.dpkg-new 10-web.dpkg-tmp 10-web.dpkg-dist
	10-web.dpkg-bak 10-web.dpkg-backup 10-web.dpkg-remove 10-web.ucf-new
	10-web.ucf-old 10-web.ucf-dist lost+found aquota.user aquota.group'
i=0
for name in $skipped; do
	i=$((i + 1))
	echo "SdSkip$i SdData rwx" > "$tree/accesses.d/$name"
	echo "SdSkipCip$i $i" > "$tree/cipso.d/$name"
	echo "192.0.2.$i SdSkipNet$i" > "$tree/netlabel.d/$name"
done
echo 'SdWeb SdData rw' > "$tree/accesses.d/10-web"
echo 'SdCustom SdData r' > "$tree/accesses.d/10-web.dpkg-custom"
echo 'SdCip 7' > "$tree/cipso.d/10-web"
echo '198.51.100.7 SdNet' > "$tree/netlabel.d/10-web"

check "apply a tree with backups and leftovers" \
	smackctl --config-dir "$tree" apply
check "the rule of the real file" has_rule SdWeb SdData rw
check "a suffix systemd does not skip is read" has_rule SdCustom SdData r
check_fails "no rule of a skipped file" grep -q '^SdSkip' "$SMACKFS/load2"
check "the mapping of the real file" grep -Eq '^SdCip +7$' "$SMACKFS/cipso2"
check_fails "no mapping of a skipped file" \
	grep -Eq '^SdSkipCip[0-9]+ +[0-9]+' "$SMACKFS/cipso2"
check "the netlabel entry of the real file" \
	grep -qx '198.51.100.7/32 SdNet' "$SMACKFS/netlabel"
check_fails "no entry of a skipped file" grep -q SdSkipNet "$SMACKFS/netlabel"

# smackload, smackcipso and smacknetlabel read the directories the same way.
smackctl clear
check "smackload of accesses.d" smackload "$tree/accesses.d"
check "... loads the real file" has_rule SdWeb SdData rw
check_fails "... and no skipped one" grep -q '^SdSkip' "$SMACKFS/load2"
check "smackcipso of cipso.d" smackcipso "$tree/cipso.d"
check_fails "... loads no skipped file" \
	grep -Eq '^SdSkipCip[0-9]+ +[0-9]+' "$SMACKFS/cipso2"
check "smacknetlabel of netlabel.d" smacknetlabel "$tree/netlabel.d"
check_fails "... loads no skipped file" grep -q SdSkipNet "$SMACKFS/netlabel"

# cipso.d in the kernel's own form, the one systemd loads: a file says
# which form it is in, and a line that could be in either is refused.
mapping() {
	awk -v l="$1" '$1 == l { print; exit }' "$SMACKFS/cipso2"
}
cipso=$T/cipso-tree
mkdir -p "$cipso/cipso.d"
printf 'CX12 25  2   5   7\n' > "$cipso/cipso.d/10-systemd"
smackctl --config-dir "$cipso" check 2> "$T/err"
check_eq "an unsaid form: check fails" 1 "$?"
check "... at the field read two ways" grep -q \
	"10-systemd:1:10: this line could be in list form" "$T/err"
smackctl --config-dir "$cipso" apply 2> /dev/null
check_eq "... apply fails" 1 "$?"
check_eq "... and loads no mapping" "" "$(mapping CX12)"
smackcipso "$cipso/cipso.d" 2> /dev/null
check_eq "... smackcipso refuses it too" 1 "$?"
check_eq "... and loads nothing" "" "$(mapping CX12)"

printf '# format: kernel\nCX12 25  2   5   7\nCX14 9   0\n' \
	> "$cipso/cipso.d/10-systemd"
check "kernel form: apply" smackctl --config-dir "$cipso" apply
check_eq "... the count is not a category" "CX12  25/5,7" "$(mapping CX12)"
check_eq "... no categories" "CX14   9" "$(mapping CX14)"
printf '# format: list\nCX13 25 2 5 7\n' > "$cipso/cipso.d/20-list"
check "list form: apply" smackctl --config-dir "$cipso" apply
check_eq "... every number after the level a category" "CX13  25/2,5,7" \
	"$(mapping CX13)"
printf '# format: kernel\nCX15 3   2   5  19\n# format: list\nCX16 3 2 5 19\n' \
	> "$T/both"
check "smackcipso: both forms in one file" smackcipso "$T/both"
check_eq "... kernel form" "CX15   3/5,19" "$(mapping CX15)"
check_eq "... list form" "CX16   3/2,5,19" "$(mapping CX16)"
smackcipso --list > "$T/listed"
check "--list says its form" grep -qx "# format: list" "$T/listed"
check "... and loads again as it is" smackcipso --check "$T/listed"

# 185 category fields, one a repeat: refused in both forms, as the kernel
# refuses a count over 184.
awk 'BEGIN { printf "CX17 1"; for (i = 0; i < 185; i++) printf " %d", i % 184 + 1
	print "" }' > "$cipso/cipso.d/30-many"
smackctl --config-dir "$cipso" check 2> "$T/err"
check_eq "185 category fields with a repeat: refused" 1 "$?"
check "... naming the 185th" grep -q "30-many:1:[0-9]*: 185 category fields" "$T/err"
finish
