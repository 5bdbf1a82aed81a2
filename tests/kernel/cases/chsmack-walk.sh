# chsmack -r on a Smack kernel: the listing of a tree the kernel labelled
# at creation, links inside and outside it with and without -L, -x at a
# mount point, and a restore from a specification.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/chsmack/kernel.sh"

label_of() {
	getfattr -h --only-values -n "security.${2:-SMACK64}" "$1" 2> /dev/null
}

cd "$T" || exit 1
mkdir -p top/a/b outside
touch top/f top/a/b/g outside/o
ln -s ../f top/a/in
ln -s "$T/outside" top/a/b/out
check_eq "-r lists each entry with the label the kernel gave it" \
'top access="_"
top/a access="_"
top/a/b access="_"
top/a/b/g access="_"
top/a/b/out access="_"
top/a/in access="_"
top/f access="_"' "$("$CHSMACK" -r top | sort)"

check "-r -a labels the tree" "$CHSMACK" -r -a Tree top
check_eq "... a link itself" Tree "$(label_of top/a/b/out)"
check_eq "... not the directory outside it points to" _ "$(label_of outside)"
check_eq "... nor what that holds" _ "$(label_of outside/o)"
check "-r -L -a follows the links" "$CHSMACK" -r -L -a Linked top
check_eq "... out of the tree" Linked "$(label_of outside/o)"
check_eq "... and leaves the links" Tree "$(label_of top/a/in)"

mkdir top/mnt
mount -t tmpfs -o size=1m chsmack-walk top/mnt
touch top/mnt/m
check "-r -x stays on the operand's filesystem" "$CHSMACK" -r -x -a Here top
check_eq "... the mount point is left alone" _ "$(label_of top/mnt)"
check_eq "... and what is below it" _ "$(label_of top/mnt/m)"
check_eq "... the rest is labelled" Here "$(label_of top/a/b/g)"
umount top/mnt

cat > spec <<SPEC
$T/top(/.*)?            access=Spec
$T/top(/.*)?     -d     access=SpecDir transmute
$T/top/a/in      -l     <<none>>
SPEC
check "--restore -r applies a specification" \
	"$CHSMACK" --restore --spec=spec -r top
check_eq "... files get the general line" Spec "$(label_of top/a/b/g)"
check_eq "... directories the -d line" SpecDir "$(label_of top/a)"
check_eq "... which transmutes" TRUE "$(label_of top/a SMACK64TRANSMUTE)"
check_eq "... <<none>> left the link alone" Here "$(label_of top/a/in)"
check_eq "a second restore has nothing to change" "" \
	"$("$CHSMACK" --restore --spec=spec -r -n top)"
finish
