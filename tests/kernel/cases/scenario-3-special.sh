# Scenario 3: the special labels.  Everyone may read and execute floor (_)
# objects, but not write them; a star (*) object is open to every label; a
# hat (^) process reads (and executes) everything but writes nothing it was
# not given.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }

echo "floor data" > floor
cp /bin/true floorprog
check "chsmack -a _" chsmack -a _ floor floorprog
check_eq "chsmack lists the floor label" 'floor access="_"' "$(chsmack floor)"
check_eq "Viewer reads a floor file" "floor data" "$(smackrun Viewer cat floor)"
check "Viewer executes a floor program" smackrun Viewer ./floorprog
check_fails "Viewer cannot write a floor file" \
	smackrun Viewer sh -c 'echo x >> floor'
mkdir floordir
check_fails "nor create a file in a floor directory" \
	smackrun Viewer sh -c 'echo x > floordir/new'

echo "star data" > star
check "chsmack -a '*'" chsmack -a '*' star
check_eq "chsmack lists the star label" 'star access="*"' "$(chsmack star)"
check_eq "Viewer reads a star file" "star data" "$(smackrun Viewer cat star)"
check "Viewer writes a star file" smackrun Viewer sh -c 'echo viewer >> star'
check "CNN writes it too" smackrun CNN sh -c 'echo cnn >> star'
check_eq "both writes landed" "star data,viewer,cnn" "$(paste -s -d, star)"

echo "secret data" > secret
cp /bin/true secretprog
check "chsmack -a Secret" chsmack -a Secret secret secretprog
check_fails "Viewer cannot read a Secret file" smackrun Viewer cat secret
check_fails "nor execute a Secret program" smackrun Viewer ./secretprog
check_eq "the hat reads the Secret file" "secret data" \
	"$(smackrun ^ cat secret)"
check "the hat executes the Secret program" smackrun ^ ./secretprog
check_fails "the hat cannot write the Secret file" \
	smackrun ^ sh -c 'echo x >> secret'
check_eq "the Secret file is unchanged" "secret data" "$(cat secret)"
check_fails "no process may run with the label *" smackrun '*' true
finish
