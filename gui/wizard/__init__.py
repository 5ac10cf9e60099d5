"""The configuration wizard: workload → model → sizes → traffic → parallelism → offer → review.

:class:`~gui.wizard.plan_page.PlanPage` is the Plan tab of the main window and holds the
:class:`~gui.wizard.plan_wizard.PlanWizard`. The pages are listed, in order, in
:mod:`gui.wizard.pages`; each writes its fields into the wizard's
:class:`~gui.wizard.plan_draft.PlanDraft`. Every figure the wizard shows comes from ``core``; the
pages only collect the fields of a :class:`core.domain.request.PlanRequest`.
"""

from gui.wizard.plan_page import PlanPage
from gui.wizard.plan_wizard import PlanWizard

__all__ = ["PlanPage", "PlanWizard"]
