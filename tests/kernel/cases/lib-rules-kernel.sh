# Rule sets, access queries and smack_load_policy against the kernel
# (kt-rules.c).
exec kt-rules
