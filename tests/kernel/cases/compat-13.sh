# The compatibility test of libsmack 1.3, kernel part: compat13 (see
# tests/compat/compat13.c) calls the 1.3 functions that talk to the kernel
# and checks their return values and what the kernel then holds.
exec compat13 kernel "$T"
