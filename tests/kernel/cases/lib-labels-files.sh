# File labels through the library on tmpfs: by path with and without
# following a symlink, by descriptor, SMACK64EXEC/MMAP/TRANSMUTE and the
# socket attributes, bad values refused before the kernel (kt-labels.c).
CK_RUN_CASE=files exec kt-labels
