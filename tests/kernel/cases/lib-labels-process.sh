# Process and socket labels through the library: self, another process,
# a thread, socketpair and a unix socket between two labels, the longest
# label, relabel-self without CAP_MAC_ADMIN (kt-labels.c).
CK_RUN_CASE=process exec kt-labels
