"""Helpers for reliability, fault and load runs (not used by the service itself).

:mod:`threadkeep.testing.server` starts the real service with a scripted model that answers
after a fixed delay, so a load run can subtract the model's share from each turn's latency
and a fault run has a window in which to kill the process mid-stream or mid-fold.
:mod:`threadkeep.testing.simulator` is a provider with prefix-cache semantics and a clock of
its own (``THREADKEEP_MODEL=simulator:anthropic``, through the ``threadkeep.models`` entry point).
"""
