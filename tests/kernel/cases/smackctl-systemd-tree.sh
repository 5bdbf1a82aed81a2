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
finish
