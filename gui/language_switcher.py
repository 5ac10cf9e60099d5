"""Installs the app's Russian or English translation at start-up and whenever the user switches.

Qt sends every widget a ``QEvent.LanguageChange`` when a translator is installed or removed; each
widget of the shell answers it by calling its own ``_retranslate()``, so a switch takes effect at
once, without a restart.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal

from core.base.resources import resource_path
from gui.translation import PseudoTranslator, pseudo_mode

LANGUAGES = ("ru", "en")
QM_PREFIX = "anchorgpu_"


def system_language() -> str:
    """The language that follows the system locale: Russian for a Russian locale, else English."""
    return "ru" if QLocale.system().language() == QLocale.Language.Russian else "en"


def resolve_language(choice: str) -> str:
    """Turn a settings choice ("system", "ru" or "en") into the language to show."""
    return choice if choice in LANGUAGES else system_language()


def qm_path(lang: str) -> Path:
    """The compiled translation of the app's own strings for ``lang``."""
    return resource_path("i18n", f"{QM_PREFIX}{lang}.qm")


# Contexts whose words Qt moved from the file dialog in Qt 6, while the shipped translation still
# has them under the dialog's own context (QAbstractFileIconProvider: "Folder", "Drive", "File").
_MOVED_FROM = {"QAbstractFileIconProvider": "QFileDialog"}


class QtStringsFallback(QTranslator):
    """Qt's own strings that its shipped translation misses, found in that same translation.

    Qt 6 gave some file dialog labels a mnemonic ("&Look in:", "Files of &type:") and moved the
    file types' words to another context; ``qtbase_ru.qm`` still has them as "Look in:" and under
    QFileDialog, so the dialog came up half in English. Installed before Qt's translation, this
    is asked only when every other translation has no answer: it looks the label up without its
    mnemonic (and puts one on the first letter of the answer), or in the context it moved from.
    """

    def __init__(self, qt: QTranslator, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._qt = qt

    def translate(  # type: ignore[override]
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        """The translation, or None (a null string: Qt takes "" for a translation into nothing)."""
        if "&" in source:
            found = self._qt.translate(context, source.replace("&", ""), disambiguation, n)
            if found:
                return "&" + found
        moved = _MOVED_FROM.get(context)
        if moved is not None:
            return self._qt.translate(moved, source, disambiguation, n) or None
        return None

    def isEmpty(self) -> bool:
        return self._qt.isEmpty()


class LanguageSwitcher(QObject):
    """Owns the installed translators; ``apply()`` swaps them and announces the new language."""

    languageChanged = Signal(str)

    def __init__(self, app: QCoreApplication, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._app = app
        self._translators: list[QTranslator] = []
        self._language = "en"

    @property
    def language(self) -> str:
        """The language in effect: "ru" or "en"."""
        return self._language

    def apply(self, choice: str) -> str:
        """Install the translation for ``choice`` ("system", "ru" or "en"); return the language.

        The pseudo-language stands in for any choice: English, every text transformed.
        """
        lang = "en" if pseudo_mode() else resolve_language(choice)
        # The locale first: widgets read it while they handle the LanguageChange events below.
        system = QLocale.system()
        same = (system.language() == QLocale.Language.Russian) == (lang == "ru")
        QLocale.setDefault(system if same else QLocale(lang))
        for translator in self._translators:
            self._app.removeTranslator(translator)
        self._translators = [t for t in self._load(lang) if self._app.installTranslator(t)]
        changed = lang != self._language
        self._language = lang
        if changed:
            self.languageChanged.emit(lang)
        return lang

    def _load(self, lang: str) -> list[QTranslator]:
        """Qt's own strings (standard buttons, dialogs) first, then the app's.

        In the pseudo-language (:func:`gui.translation.pseudo_mode`) the English ones, and last
        the translator that transforms every text asked by its English.
        """
        if pseudo_mode():
            return [*self._load_language(lang), PseudoTranslator(self)]
        return self._load_language(lang)

    def _load_language(self, lang: str) -> list[QTranslator]:
        loaded = []
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        qt_translator = QTranslator(self)
        if qt_translator.load(f"qtbase_{lang}", qt_dir):
            if lang != "en":  # asked last (Qt asks the last installed first): for what both miss
                loaded.append(QtStringsFallback(qt_translator, self))
            loaded.append(qt_translator)
        app_translator = QTranslator(self)
        if app_translator.load(str(qm_path(lang))):
            loaded.append(app_translator)
        return loaded
