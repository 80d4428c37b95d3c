"""Vendoring: the et-log runtime written into a checkout as its own package, with its
configuration, its Buck target and the Buck deps of the modules that import it. The top of the
codemod's layers beside the drivers (it writes through ``codemods.write``); ``command`` is
``python -m codemods.vendor``, ``step`` is ``migrate --vendor``'s use of it."""
