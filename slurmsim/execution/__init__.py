"""Real execution of batch scripts: what a job's process is given (environment, output
files) and how it is started, watched and ended. The pure parts (``environment``,
``patterns``) know nothing of processes; ``processes`` and ``runner`` do the I/O."""
