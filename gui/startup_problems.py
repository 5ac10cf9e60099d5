"""What went wrong while the app loaded its files, worded for the start-up notice.

The settings file (unreadable, or moved aside and replaced by the defaults), the imported catalog
and a draft file that is a symbolic link: each is one sentence in the current language, made
again on every language change (:class:`gui.startup_notice.StartupNotice` calls back). The wording
lives apart from the window that owns the notice: it reads the state, not the window. Loaded
after the first paint with the wording of core's messages it uses (:mod:`gui.startup_steps`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.texts.messages import Message
from gui.core_text import message_text
from gui.translation import tr_id

if TYPE_CHECKING:
    from pathlib import Path

    from gui.app_state import AppState


def startup_problems(state: AppState, draft_link: Path | None) -> list[str]:
    """The settings and catalog problems met while loading, in the current language."""
    problems: list[str] = []
    if state.settings_problem:
        problem = message_text(state.settings_problem)
        kept = state.settings_kept_as
        if kept is None:
            problems.append(
                tr_id("MainWindow.settings_problem", "Settings: {problem}").format(problem=problem)
            )
        else:
            text = tr_id(
                "MainWindow.the_settings_file_cannot_be_used",
                "The settings file cannot be used ({problem}) and was kept as {file}; the "
                "defaults are in use until you save new settings.",
            )
            reason = _settings_reason(state.settings_problem)
            problems.append(text.format(file=kept, problem=reason))
    if state.catalog_problem:
        text = tr_id(
            "MainWindow.the_imported_catalog_cannot_be_used",
            "The imported catalog cannot be used, the bundled one is: {problem}",
        )
        problems.append(text.format(problem=message_text(state.catalog_problem)))
    if draft_link is not None:
        text = tr_id(
            "MainWindow.the_draft_file_file_is_a",
            "The draft file {file} is a symbolic link: the draft it points to was opened, but "
            "the app never writes through a link, so your changes are not kept as the next "
            "draft. Replace the link with a regular file, or remove it, to keep them.",
        )
        problems.append(text.format(file=draft_link))
    return problems


def _settings_reason(problem: str) -> str:
    """Why a settings file was refused, without core's advice to mend it where it was.

    The app has moved the file aside, so "fix it or delete it" would point at nothing.
    """
    if isinstance(problem, Message) and problem.key in ("settings.invalid", "settings.unreadable"):
        reason = problem.params.get("reason")
        if reason is not None:
            text = message_text(reason if isinstance(reason, str) else str(reason))
            field = problem.params.get("field")
            return f"{field}: {text}" if field else text
    return message_text(problem)
