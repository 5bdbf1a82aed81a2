# Access queries against the kernel's own answers (kt-query.c).
exec kt-query
