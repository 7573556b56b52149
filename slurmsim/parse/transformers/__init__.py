"""Lark Transformers, one module per grammar.

They live apart from the public modules because they subclass ``lark.Transformer`` and so import
Lark; the public functions import them on first use.
"""
