"""The wizard's optional "Traffic and latency" step and its chart."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QPointF, Qt, QThreadPool
from PySide6.QtWidgets import QRadioButton

from core.planning.traffic import plan_traffic
from gui.wizard import PlanWizard
from gui.wizard.traffic_chart import TrafficChart


@pytest.fixture
def wizard(main_window, qtbot) -> PlanWizard:
    plan = main_window.page("plan").wizard
    assert isinstance(plan, PlanWizard)
    qtbot.waitUntil(lambda: not plan.live.busy, timeout=10_000)
    yield plan
    QThreadPool.globalInstance().waitForDone(5000)


def _open(wizard: PlanWizard, qtbot):
    page = wizard.traffic_page
    wizard.setCurrentId(wizard.pageIds()[wizard.steps.index(page)])
    page.enabled.setChecked(True)
    page.refresh()
    qtbot.waitUntil(lambda: page.table.rowCount() > 0, timeout=10_000)
    return page


def _shot(widget, name: str) -> None:
    folder = os.environ.get("TRAFFIC_SHOTS")
    if folder:
        widget.window().resize(1280, 800)
        widget.window().grab().save(f"{folder}/{name}.png")


def test_unticked_the_request_carries_no_traffic(wizard):
    assert wizard.traffic_page.enabled.isChecked() is False
    assert wizard.current_request().traffic is None


def test_the_page_plans_the_profile_cheapest_first(wizard, qtbot):
    page = _open(wizard, qtbot)
    request = wizard.current_request()
    assert request.traffic is not None and request.traffic.peak_rps == pytest.approx(5.0)
    expected = plan_traffic(request.model_copy(update={"gpu": None}), request.traffic)
    first = expected.options[0]
    assert page.table.item(0, 2).text() == str(first.replicas)
    assert page.chart.points and page.chart.summary()
    assert "replica" in page.status.text()
    _shot(page, "traffic-en")


def test_choosing_an_option_sets_the_layout_and_saves_the_point(wizard, qtbot):
    page = _open(wizard, qtbot)
    page.table.setCurrentCell(1, 0)
    request = wizard.current_request()
    option = page._options[1]
    assert request.gpu == option.gpu.id
    assert request.parallelism.gpus == option.gpus
    saved = request.traffic.operating_point
    assert saved is not None and saved.replicas == option.replicas


def test_traffic_doubles_updates_plan_and_cost(wizard, qtbot):
    page = _open(wizard, qtbot)
    before = page.table.item(0, 7).text()
    replicas = int(page.table.item(0, 2).text())
    page.doubles.setChecked(True)
    assert page._shown is not page._plan
    assert page._shown.profile.peak_rps == pytest.approx(2 * page._plan.profile.peak_rps)
    doubled = page._shown.options[0]
    assert (doubled.replicas, page.table.item(0, 7).text()) != (replicas, before)
    page.doubles.setChecked(False)
    assert page.table.item(0, 7).text() == before


def test_the_chart_picks_a_point_by_keyboard_and_by_click(wizard, qtbot):
    page = _open(wizard, qtbot)
    chart: TrafficChart = page.chart
    picked: list[int] = []
    chart.concurrencyPicked.connect(picked.append)
    best = page._chosen.capacity.concurrency
    # from the keyboard: the last point within the target (the ring), then Enter
    chart.setFocus()
    qtbot.keyClick(chart, Qt.Key.Key_Home)
    within = max(i for i, (c, _) in enumerate(chart.points) if c <= best)
    for _ in range(within):
        qtbot.keyClick(chart, Qt.Key.Key_Right)
    qtbot.keyClick(chart, Qt.Key.Key_Return)
    assert picked == [chart.points[within][0]]
    saved = wizard.current_request().traffic.operating_point
    assert saved is not None and saved.concurrency <= chart.points[within][0] + 1e-6
    # a click on one request at a time: the nearest point; this offer has too few GPUs for it
    assert chart.index_at(chart._where(0) + QPointF(1, 1)) == 0
    qtbot.mouseClick(chart, Qt.MouseButton.LeftButton, pos=chart._where(0).toPoint())
    assert picked[-1] == chart.points[0][0] == 1
    assert "GPUs" in page.status.text()


def test_training_has_a_finish_by_date(wizard, qtbot):
    wizard.findChild(QRadioButton, "workload_training").click()
    page = wizard.traffic_page
    assert page.goal_row.isVisibleTo(page) and not page.enabled.isVisibleTo(page)
    page.finish_by.setChecked(True)
    request = wizard.current_request()
    assert request.goal is not None
    with qtbot.waitSignal(page.planned, timeout=10_000) as blocker:
        page.refresh()
    assert blocker.args[0] is not None and blocker.args[0].deadline == request.goal.deadline
    assert page.goal_answer.text()


def test_the_traffic_plan_is_made_off_the_gui_thread_and_arrives_by_signal(
    wizard, qtbot, monkeypatch
):
    import threading

    import gui.wizard.traffic_page as traffic  # the page calls the planner it imported

    page = _open(wizard, qtbot)
    threads = []

    def recording(*args, **kwargs):
        threads.append(threading.current_thread())
        return plan_traffic(*args, **kwargs)

    monkeypatch.setattr(traffic, "plan_traffic", recording)
    page.table.setRowCount(0)
    with qtbot.waitSignal(page.planned, timeout=10_000) as blocker:
        page.refresh()
        assert page.table.rowCount() == 0  # nothing is planned on the GUI thread meanwhile
    assert threads and threads[0] is not threading.main_thread()
    assert blocker.args[0] is page._plan and page.table.rowCount() > 0


def test_a_superseded_plan_is_not_shown(wizard, qtbot):
    page = _open(wizard, qtbot)
    shown = []
    page.planned.connect(shown.append)
    page.refresh()
    first = page._worker
    page.profile.peak.setValue(600)  # twice the peak, per minute
    with qtbot.waitSignal(page.planned, timeout=10_000) as blocker:
        page.refresh()
    assert first.cancelled
    QThreadPool.globalInstance().waitForDone(5000)
    qtbot.wait(0)  # any queued delivery of the first plan
    assert shown == [blocker.args[0]] and page._plan is blocker.args[0]
    assert page._plan.profile.peak_rps == pytest.approx(10.0)
    # a result of the superseded plan, should it arrive after all, is dropped
    stale = plan_traffic(
        wizard.current_request().model_copy(update={"gpu": None}),
        wizard.current_request().traffic.model_copy(update={"peak_per_unit": 900.0}),
    )
    first.succeeded.emit(stale)
    assert page._plan is blocker.args[0] and shown == [blocker.args[0]]


def _term_deadline(wizard):
    from PySide6.QtWidgets import QCheckBox, QDateTimeEdit

    page = wizard.offer_page
    return (
        page,
        page.findChild(QCheckBox, "termFinishBy"),
        page.findChild(QDateTimeEdit, "termDeadline"),
    )


def _qt_utc(moment):
    from PySide6.QtCore import QDateTime, QTimeZone

    return QDateTime.fromSecsSinceEpoch(int(moment.timestamp()), QTimeZone.utc())


def test_finish_by_next_to_the_term_is_the_goals_deadline(wizard, qtbot):
    from datetime import UTC, datetime, timedelta

    offer, finish_by, deadline = _term_deadline(wizard)
    form = offer.term_form
    assert not form.rows["goal.finish_by"].isVisibleTo(offer)  # serving: no deadline
    wizard.findChild(QRadioButton, "workload_training").click()
    assert form.rows["goal.finish_by"].isVisibleTo(offer)
    assert wizard.current_request().goal is None  # off by default
    assert form.rows["goal.finish_by"].links  # a "?" to the help entry
    assert "training_deadline" in form.rows["goal.finish_by"].links
    wizard.setCurrentId(wizard.pageIds()[wizard.steps.index(offer)])
    _shot(offer, "offer-deadline-en")
    finish_by.setFocus()
    qtbot.keyClick(finish_by, Qt.Key.Key_Space)  # the keyboard ticks it
    assert finish_by.isChecked() and deadline.isEnabled()
    when = (datetime.now(UTC) + timedelta(days=10)).replace(minute=0, second=0, microsecond=0)
    deadline.setDateTime(_qt_utc(when))
    request = wizard.current_request()
    assert request.goal is not None and request.goal.deadline == when
    traffic = wizard.traffic_page
    assert traffic.finish_by.isChecked() and traffic.deadline_value() == when
    # and back: the traffic step's edit is shown next to the term
    later = when + timedelta(days=2)
    traffic.deadline.setDateTime(_qt_utc(later))
    assert form.deadline() == later == wizard.current_request().goal.deadline
    traffic.finish_by.setChecked(False)
    assert not finish_by.isChecked() and wizard.current_request().goal is None


def test_finish_by_says_whether_the_chosen_option_is_in_time(wizard, qtbot):
    from datetime import UTC, datetime, timedelta

    offer, finish_by, deadline = _term_deadline(wizard)
    wizard.findChild(QRadioButton, "workload_training").click()
    finish_by.setChecked(True)
    deadline.setDateTime(_qt_utc(datetime.now(UTC) + timedelta(hours=48, minutes=30)))
    form = offer.term_form
    form.set_run_hours(10.0)
    assert "finishes in time" in form.in_time and "38." in form.in_time
    form.set_run_hours(100.0)
    assert "51." in form.in_time and "after the deadline" in form.in_time
    form.set_run_hours(None)
    assert form.in_time == ""


def test_a_past_deadline_next_to_the_term_is_refused(wizard, qtbot):
    from datetime import UTC, datetime, timedelta

    offer, finish_by, deadline = _term_deadline(wizard)
    wizard.findChild(QRadioButton, "workload_training").click()
    finish_by.setChecked(True)
    good = wizard.current_request().goal
    assert good is not None
    deadline.setDateTime(_qt_utc(datetime.now(UTC) - timedelta(days=1)))
    row = offer.term_form.rows["goal.deadline"]
    assert row.error is not None and "is not after the start of the run" in row.error
    assert wizard.current_request().goal == good  # not passed on
    assert wizard.traffic_page.deadline_value() == good.deadline


def test_finish_by_next_to_the_term_in_russian(wizard, qtbot, app_state):
    from datetime import UTC, datetime, timedelta

    app_state.update_settings(language="ru")
    offer, finish_by, deadline = _term_deadline(wizard)
    wizard.findChild(QRadioButton, "workload_training").click()
    row = offer.term_form.rows["goal.finish_by"]
    qtbot.waitUntil(lambda: row.label.text() == "Завершить &к")
    assert finish_by.text() == "к заданному времени"
    finish_by.setChecked(True)
    deadline.setDateTime(_qt_utc(datetime.now(UTC) - timedelta(hours=1)))
    error = offer.term_form.rows["goal.deadline"].error
    assert error is not None and "не позже начала обучения" in error
    deadline.setDateTime(_qt_utc(datetime.now(UTC) + timedelta(hours=48, minutes=30)))
    offer.term_form.set_run_hours(10.0)
    assert "10,0 ч, успевает" in offer.term_form.in_time  # the locale's decimal comma
    wizard.setCurrentId(wizard.pageIds()[wizard.steps.index(offer)])
    _shot(offer, "offer-deadline-ru")


def test_russian(wizard, qtbot, app_state):
    app_state.update_settings(language="ru")
    page = _open(wizard, qtbot)
    qtbot.waitUntil(lambda: page.title() == "Нагрузка и задержка")
    assert page.enabled.text() == "&Планировать от нагрузки и задержки"
    assert "реплик" in page.status.text()
    _shot(page, "traffic-ru")


POINT = {
    "concurrency": 14.4,
    "replicas": 3,
    "ttft_s": 0.242,
    "tpot_s": 0.0211,
    "utilization": 0.45,
    "source": "roofline",
}
TRAFFIC = {
    "rate_unit": "minute",
    "average_per_unit": 200,
    "peak_per_unit": 300,
    "input_tokens": {"mean": 2000, "p90": 3000},
    "output_tokens": {"mean": 400},
    "latency": {"ttft_p90_s": 1.0, "tokens_per_s_per_user": 30},
    "operating_point": POINT,
}


def test_the_summary_and_compare_show_profile_and_point(qapp, app_state):
    from gui.presentation.comparison import compare_rows, quote_column
    from gui.presentation.quote_summary import QuoteSummary
    from tests.store_helpers import NOW, make_quote

    with_traffic = make_quote(label="chat", traffic=TRAFFIC)
    text = QuoteSummary("en").text(with_traffic, NOW)
    assert "5 requests/s at peak (3.33 on average), 2000 tokens in, 400 out" in text
    assert "first token p90 ≤ 1 s, ≥ 30 tokens/s per user" in text
    assert "replicas: 3, each 14.4 requests at once at the peak: first token 0.242 s" in text
    plain = make_quote(label="plain")
    assert "Traffic" not in QuoteSummary("en").text(plain, NOW)
    rows = dict(compare_rows([quote_column(with_traffic), quote_column(plain)]))
    assert rows["Traffic"][1] == "—" and "5 requests/s at peak" in rows["Traffic"][0]
    assert "47.4 tokens/s per user" in rows["Operating point"][0]


def test_a_bad_profile_is_refused_on_the_page(wizard, qtbot):
    page = _open(wizard, qtbot)
    page.profile.input_p90.setValue(10)  # below the mean of 2,000
    page.touch()  # as Next judges the page
    wizard.live.flush()
    qtbot.waitUntil(lambda: page.error is not None, timeout=10_000)
    assert "90th percentile" in page.error or "90-й" in page.error
    assert not page.isComplete()
    page.profile.input_p90.setValue(3000)
    wizard.live.flush()
    qtbot.waitUntil(lambda: page.error is None, timeout=10_000)
