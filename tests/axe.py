"""axe-core in the browser tests: the pages it checks in each palette, the rules a palette can
change, and a run of it on a loaded page."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.docs_pages import ROOT, notebook_names

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

#: The pages axe-core checks, by language folder. In Chinese, one of each kind (home, lesson
#: with figure and formulas, prose, records, the lab's notebooks with JupyterLab's stylesheet);
#: the generated pages share their templates and styles. An English page is its Chinese twin's
#: template and markup with other words: of axe's rules, those words can break the ones on
#: names, labels and language, checked on R36, the page with the most words of the site's own,
#: and on the notebooks, each written in its language (their figures' text alternatives too).
AXE_PAGES = {
    "": ["index", "R36", "lecture", "sources", *notebook_names()],
    "en/": ["R36", *notebook_names()],
}
#: The pages axe-core checks in the dark palette too: the lesson (code, formulas, figure) and
#: the notebooks, whose cells, outputs and code follow Material's palette through
#: assets/lab/jupyterlab.css; the site's code colours are in assets/stylesheets/site.css. The
#: palette's colours are the same in both languages: Chinese only.
AXE_DARK_PAGES = {"": ["R36", *notebook_names()]}


#: The axe-core rules whose outcome a palette can change: in the other palette a page has the
#: same markup, names and structure, other colours only. A page checked with every rule in one
#: palette is checked with these in the other.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]

#: Material puts each code block's copy button in a <nav> of its own, with no name and no
#: option to give it one: axe's best-practice rule on unique landmarks flags each. The theme's
#: markup is left as it makes it (not relabelled by the site's scripts), so these are its own.
THEMES_OWN = ("landmark-unique", ".md-code__nav")


def axe_violations(
    page: Page, within: str = "html", rules: list[str] | None = None
) -> list[dict[str, object]]:
    """Run axe-core on the loaded page (or the part of it ``within`` selects), its default
    rules or ``rules`` only; return each violation's id, first three nodes and what is wrong
    with the first."""
    if not page.evaluate("() => 'axe' in window"):  # once per load: it is a large script
        # Evaluated by the browser's tools, as the site's policy refuses an inline script tag.
        page.evaluate(AXE.read_text(encoding="utf-8"))
    options: dict[str, object] = {"resultTypes": ["violations"]}
    if rules is not None:
        options["runOnly"] = {"type": "rule", "values": rules}
    result = page.evaluate(
        """async ([within, options, [rule, theirs]]) => {
          const result = await axe.run(document.querySelector(within), options);
          for (const v of result.violations.filter((v) => v.id === rule)) {
            v.nodes = v.nodes.filter((n) => !document.querySelector(n.target[0]).matches(theirs));
          }
          result.violations = result.violations.filter((v) => v.nodes.length);
          return result;
        }""",
        [within, options, THEMES_OWN],
    )
    return [
        {
            "id": v["id"],
            "nodes": [n["target"] for n in v["nodes"]][:3],
            "first": v["nodes"][0]["failureSummary"],
        }
        for v in result["violations"]
    ]
