"""``python -m core``: the command line without the GUI."""

import sys

from core.app.cli import main

sys.exit(main())
