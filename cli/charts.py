"""Terminal charts for `dlprep stats`: the due forecast and accuracy by topic over time, drawn by
plotext; tables instead where a chart cannot be drawn (not a terminal, too narrow, NO_COLOR or
--plain). The numbers come from dlprep.stats; this module only draws them."""

from __future__ import annotations

import os
import sys
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from dlprep import stats as stats_mod
from dlprep.cli import render

MIN_WIDTH = 60
TITLES = {
    "en": {"forecast": "due in the next {n} days", "trend": "accuracy by topic, per week (%)",
           "day": "day", "due": "due", "week": "week of"},
    "zh": {"forecast": "未来 {n} 天到期", "trend": "各主题每周正确率（%）", "day": "日期", "due": "到期",
           "week": "周起始"},
}


def can_draw(plain: bool) -> bool:
    con = render.console()
    return (not plain and sys.stdout.isatty() and con.width >= MIN_WIDTH
            and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb")


def _figure(width: int, height: int) -> Any:
    import plotext  # imported on use: only a drawn chart pays for it

    fig = plotext.figure
    fig.clear()
    fig.plot_size(width, height)
    return fig


def forecast_chart(forecast: dict[str, int], width: int) -> str:
    labels = [d[5:] for d in forecast]  # MM-DD
    fig = _figure(width, 12)
    fig.draw(fig.bar(labels, list(forecast.values()), labeled=True))
    return str(fig.build().string())


def trend_chart(weekly: dict[str, dict[str, float | None]], width: int) -> str:
    fig = _figure(width, 14)
    for topic, by_week in weekly.items():
        xs = [i for i, v in enumerate(by_week.values()) if v is not None]
        ys = [100 * v for v in by_week.values() if v is not None]
        if xs:
            fig.draw(fig.signal(xs, ys).lines().label(topic))
    weeks = list(next(iter(weekly.values())))
    fig.ruler("y").lim(0, 100)
    fig.ruler("x").ticks(list(range(len(weeks))), [w[5:] for w in weeks])
    return str(fig.build().string())


def _forecast_table(forecast: dict[str, int], t: dict[str, str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column(t["day"])
    table.add_column(t["due"], justify="right")
    for day, n in forecast.items():
        table.add_row(day, str(n))
    return table


def _trend_table(weekly: dict[str, dict[str, float | None]], t: dict[str, str]) -> Table:
    weeks = list(next(iter(weekly.values())))
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column(t["week"], overflow="fold")  # only the topic folds; numbers never do
    for w in weeks:
        table.add_column(w[5:], justify="right", no_wrap=True)
    for topic, by_week in weekly.items():
        table.add_row(topic, *("-" if v is None else f"{100 * v:.0f}" for v in by_week.values()))
    return table


def print_charts(s: stats_mod.Stats, lang: str, plain: bool = False) -> None:
    con, t = render.console(), TITLES[lang]
    draw = can_draw(plain)
    width = min(con.width, 110)
    con.print(Text(t["forecast"].format(n=len(s.forecast)), style="bold"))
    if draw:
        sys.stdout.write(forecast_chart(s.forecast, width) + "\n")
        sys.stdout.flush()
    else:
        con.print(_forecast_table(s.forecast, t))
    if s.accuracy_weekly:
        con.print(Text(t["trend"], style="bold"))
        if draw:
            sys.stdout.write(trend_chart(s.accuracy_weekly, width) + "\n")
            sys.stdout.flush()
        else:
            con.print(_trend_table(s.accuracy_weekly, t))

