import pytest

# Each ROM test runs in MAME's odyssey2 driver (the oracle, part of `make conformance`) and in
# our machine.
@pytest.fixture(params=[pytest.param("oracle", marks=pytest.mark.conformance), "machine"])
def runner(request):
    return request.param
