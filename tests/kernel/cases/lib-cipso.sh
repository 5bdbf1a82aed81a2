# The library's CIPSO and netlabel sets, and their differences, against
# the kernel (kt-cipso.c).
exec kt-cipso
