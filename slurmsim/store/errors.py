"""The one exception the store raises for problems a user can act on."""


class StoreError(Exception):
    """The store cannot be opened or read as asked; the message says what to do.

    Messages are complete sentences starting with ``slurmsim:`` so that a command can
    print ``str(error)`` as it is and exit, without a traceback.
    """
