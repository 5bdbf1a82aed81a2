# smack_load_policy and the policy's access answers against the kernel
# (kt-policy.c).
exec kt-policy
