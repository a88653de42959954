"""pysdl2, imported once for the whole front end.

SDL itself comes from the pysdl2-dll wheel (no system SDL needed); pysdl2 warns about that on
import, which users need not see.
"""
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore", UserWarning)
    import sdl2

__all__ = ["sdl2"]
