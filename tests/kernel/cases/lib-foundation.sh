# smack_smackfs_path() and smack_label_length() against the kernel.
exec kt-foundation
