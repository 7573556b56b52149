"""The library API: one function per user intent, each one transaction.

Commands call these; they open the store, let the engine catch up to the
clock, act, save and return plain values for the formatters. Modules are
split by intent so that a command imports only what it needs.
"""
