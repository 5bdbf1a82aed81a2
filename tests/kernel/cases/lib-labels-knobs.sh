# onlycap (set, from a file, its effect), revoke-subject and every
# smackfs knob set, read back and put back, through the library
# (kt-labels-knobs.c).
exec kt-labels-knobs
