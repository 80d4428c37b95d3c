"""Stage 6, write: one file on disk per worker (`worker`), byte-faithful reads and atomic writes
(`fileio`)."""
