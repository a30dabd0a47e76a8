"""The map of the build's events (``coursesite/events.py``) is what MkDocs registers and runs:
each event's steps in the map's order, at the map's priorities, on the map's side of i18n's own
handler. (That every module is imported under one name, in a build and the tests alike:
``test_markdown_twins.py``'s rebuild, which builds in one process.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig

from coursesite.events import EVENTS, MAP, Step
from coursesite.i18n import PLUGIN
from tests.docs_pages import ROOT


@pytest.fixture(scope="module")
def config() -> MkDocsConfig:
    """The site's configuration as MkDocs loads it, hooks and plugins registered."""
    return load_config(str(ROOT / "mkdocs.yml"))


def registered_steps(handlers: list[Callable[..., Any]], i18n: object) -> list[str]:
    """Return the map's names of the registered ``handlers`` of one event, in the order MkDocs
    runs them, with ``i18n`` where i18n's own handler runs and ``other`` for anyone else's."""
    names = []
    for method in handlers:
        step = getattr(method, "step", None)
        if step is not None:
            names.append(step.name)
        else:
            names.append("i18n" if getattr(method, "__self__", None) is i18n else "other")
    return names


def expected_order(steps: list[Step], i18n_priority: int | None) -> list[str]:
    """Return the names the map gives an event's steps in its order, with ``i18n`` placed by its
    priority among them (after the steps of a higher or equal one: plugins register first)."""
    names = [step.name for step in steps]
    if i18n_priority is None:
        return names
    at = next((i for i, step in enumerate(steps) if step.priority <= i18n_priority), len(steps))
    return [*names[:at], "i18n", *names[at:]]


def test_every_event_runs_the_maps_steps_in_the_maps_order(config: MkDocsConfig) -> None:
    i18n = config.plugins[PLUGIN]
    ours = {
        event
        for event, handlers in config.plugins.events.items()
        if any(hasattr(h, "step") for h in handlers)
    }
    assert ours == {step.event for step in MAP}
    for event in ours:
        steps = [step for step in MAP if step.event == event]
        assert [s.priority for s in steps] == sorted((s.priority for s in steps), reverse=True), (
            f"the map lists {event}'s steps out of their running order"
        )
        handlers = config.plugins.events[event]
        registered = registered_steps(handlers, i18n)
        assert "other" not in registered, f"a handler of {event} that the map does not list"
        i18n_handler = next((h for h in handlers if getattr(h, "__self__", None) is i18n), None)
        priority = None if i18n_handler is None else getattr(i18n_handler, "mkdocs_priority", 0)
        assert registered == expected_order(steps, priority), event
    unmapped = set(config.plugins.events) - ours - {"startup"}
    assert not [
        (event, handler)
        for event in unmapped
        for handler in config.plugins.events[event]
        if getattr(handler, "__self__", None) is not i18n
    ], "handlers of events the map does not list"


def test_each_step_is_on_the_side_of_i18n_the_map_says(config: MkDocsConfig) -> None:
    i18n = config.plugins[PLUGIN]
    for step in MAP:
        if step.i18n is None:
            continue
        names = registered_steps(config.plugins.events[step.event], i18n)
        assert "i18n" in names, f"i18n handles no {step.event}, but {step.name} says {step.i18n}"
        before = names.index(step.name) < names.index("i18n")
        assert before == (step.i18n == "before"), f"{step.name} runs on the other side of i18n"


def test_the_map_lists_the_events_in_the_order_a_build_runs_them() -> None:
    order = [EVENTS.index(step.event) for step in MAP]
    assert order == sorted(order)


def test_the_map_says_why_for_every_step() -> None:
    assert all(len(step.why) > 20 for step in MAP)
    assert len({(step.event, step.name) for step in MAP}) == len(MAP)


def test_a_step_out_of_order_is_seen(config: MkDocsConfig) -> None:
    # The check itself can fail: a map listing post_build's last step first does not match.
    steps = [step for step in MAP if step.event == "post_build"]
    registered = registered_steps(config.plugins.events["post_build"], config.plugins[PLUGIN])
    shuffled = [steps[-1], *steps[:-1]]
    assert registered != expected_order(shuffled, -100)
