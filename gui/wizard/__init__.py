"""The configuration wizard: workload → model → sizes → parallelism → offer and term → review.

:class:`~gui.wizard.plan_page.PlanPage` is the Plan tab of the main window and holds the
:class:`~gui.wizard.plan_wizard.PlanWizard`. Every figure it shows comes from ``core``; the pages
only collect the fields of a :class:`core.domain.request.PlanRequest`.
"""

from gui.wizard.plan_page import PlanPage
from gui.wizard.plan_wizard import PlanWizard

__all__ = ["PlanPage", "PlanWizard"]
