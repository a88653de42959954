"""`python -m cart.asm` is `o2asm`."""
import sys

from cart.asm.cli import main

sys.exit(main())
