# The library's CIPSO and netlabel sets against the kernel (kt-cipso.c).
exec kt-cipso
