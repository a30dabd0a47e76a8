"""The map of the build's events (``coursesite/events.py``) is what MkDocs registers and runs:
each event's steps in the map's order, at the map's priorities, in both languages' builds."""

from __future__ import annotations

import pytest
from mkdocs.config import load_config

from coursesite.events import EVENTS, MAP
from coursesite.site import CONFIGS
from tests.docs_pages import ROOT


def registered(config_name: str) -> dict[str, list[str]]:
    """Return, for each event, the map's names of the handlers MkDocs registered for the
    configuration, in the order it runs them (``plugin`` for a plugin's own handler)."""
    config = load_config(str(ROOT / config_name))
    return {
        event: [h.step.name if hasattr(h, "step") else "plugin" for h in handlers]
        for event, handlers in config.plugins.events.items()
        if handlers
    }


@pytest.mark.parametrize("config_name", CONFIGS)
def test_every_event_runs_the_maps_steps_in_the_maps_order(config_name: str) -> None:
    found = {
        event: [name for name in names if name != "plugin"]
        for event, names in registered(config_name).items()
    }
    expected: dict[str, list[str]] = {}
    for step in sorted(MAP, key=lambda step: -step.priority):  # stable: the map's order
        expected.setdefault(step.event, []).append(step.name)
    assert {event: names for event, names in found.items() if names} == expected


def test_the_map_lists_the_events_in_the_order_a_build_runs_them() -> None:
    order = [EVENTS.index(step.event) for step in MAP]
    assert order == sorted(order)
    each_event = [[step.priority for step in MAP if step.event == event] for event in EVENTS]
    assert all(p == sorted(p, reverse=True) for p in each_event), "a step out of running order"
