"""`python -m mjgui` and the `mjgui` script."""
import os
import sys

# mjgui does no linear algebra: without this numpy's OpenBLAS starts a thread per core
# on import, which spins for tens of milliseconds of CPU beside the app's start and its
# two-thread search (benchmarks/README.md); a user's own setting is kept
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from mjgui.cli import main  # noqa: E402 - after the setting above

if __name__ == "__main__":
    sys.exit(main())
