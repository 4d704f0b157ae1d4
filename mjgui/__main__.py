"""`python -m mjgui` and the `mjgui` script."""
import sys

from mjgui.cli import main

if __name__ == "__main__":
    sys.exit(main())
