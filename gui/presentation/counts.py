"""Counted nouns in the plural form the interface language needs ("1 quote", "2 quotes").

Each is a Qt numerus message in the context ``Counts``: English has two forms, Russian three
(1 смета, 2 сметы, 5 смет); the forms are in ``resources/i18n/anchorgpu_*.ts``. The number is
written with the locale's digits (``%Ln``).
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from gui.translation import tr_id


class Counts(QObject):
    """The translation context of the counted nouns (plural forms are read from ``self.tr``)."""

    def quotes(self, n: int) -> str:
        return tr_id("Counts.ln_quote_s", "%Ln quote(s)", n)

    def orders(self, n: int) -> str:
        return tr_id("Counts.ln_order_s", "%Ln order(s)", n)

    def gpu_offers(self, n: int) -> str:
        return tr_id("Counts.ln_gpu_s", "%Ln GPU(s)", n)

    def options_fit(self, n: int) -> str:
        return tr_id("Counts.ln_option_s_fit", "%Ln option(s) fit", n)

    def options_do_not_fit(self, n: int) -> str:
        return tr_id("Counts.ln_do_es_not", "%Ln do(es) not", n)

    def of_options_that_fit(self, n: int) -> str:
        return tr_id("Counts.of_ln_option_s_that_fit", "of %Ln option(s) that fit", n)

    def uncertain_fits(self, n: int) -> str:
        return tr_id(
            "Counts.of_those_that_fit_ln_may", "Of those that fit, %Ln may not (amber rows).", n
        )

    def tokens(self, n: int) -> str:
        return tr_id("Counts.ln_token_s", "%Ln token(s)", n)

    def of_sequences_at_once(self, n: int) -> str:
        return tr_id("Counts.of_ln_sequence_s_at_once", "of %Ln sequence(s) at once", n)


def quotes(n: int) -> str:
    """``n`` saved quotes."""
    return Counts().quotes(n)


def orders(n: int) -> str:
    """``n`` orders."""
    return Counts().orders(n)


def gpu_offers(n: int) -> str:
    """``n`` GPU offers of a catalog."""
    return Counts().gpu_offers(n)


def options_fit(n: int) -> str:
    """``n`` planner options that fit ("3 options fit")."""
    return Counts().options_fit(n)


def options_do_not_fit(n: int) -> str:
    """``n`` planner options that do not fit, after :func:`options_fit` ("2 do not")."""
    return Counts().options_do_not_fit(n)


def uncertain_fits(n: int) -> str:
    """``n`` of the options that fit may not, the model not being counted exactly."""
    return Counts().uncertain_fits(n)


def of_options_that_fit(n: int) -> str:
    """``n`` options that fit, after "Cheapest" ("of 4 options that fit")."""
    return Counts().of_options_that_fit(n)


def tokens(n: int) -> str:
    """``n`` tokens of a context ("4,096 tokens")."""
    return Counts().tokens(n)


def of_sequences_at_once(n: int) -> str:
    """``n`` requested sequences, after how many run ("3 of 8 sequences at once")."""
    return Counts().of_sequences_at_once(n)
