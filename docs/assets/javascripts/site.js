// Two small behaviours Material does not have. No framework; runs on every page, first.

// The words of one of the site's scripts, in the page's language: the build writes them into
// the page (#site-words, from docs/words/). word(key, {n: 3}) fills in the word's {n}; a word
// the table lacks throws, naming it.
function siteWords(part) {
  const words = JSON.parse(document.getElementById("site-words").textContent)[part] ?? {};
  return (key, values = {}) => {
    const lang = document.documentElement.lang;
    if (!(key in words)) throw new Error(`docs/words/${lang}.yml has no scripts.${part}.${key}`);
    return words[key].replace(/\{(\w+)\}/g, (_, name) => values[name]);
  };
}

// The language selector's links drop the URL hash: keep the reader on the same section.
// Both languages share every heading and state id, so the hash means the same place.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[hreflang]");
  if (link && location.hash) {
    link.href = link.href.split("#")[0] + location.hash;
  }
}, true);

// Copying a doctest block should give runnable code: the statements without their ">>> " and
// "... " prompts, and without the outputs; a blank line after a compound statement (a loop, a
// with, a def, ...) or one of several lines, which Python's REPL needs to end it before the next
// statement when the code is pasted there. Material's copy button copies data-clipboard-text
// when a button has it, so set it just before Material's own (bubbling) handler runs.
const COMPOUND = /^(?:async\s|for\s|while\s|if\s|with\s|def\s|class\s|try\s*:|@)/;
function doctestSource(text) {
  const lines = text.replace(/\n$/, "").split("\n");
  if (!lines[0].startsWith(">>>")) return null;
  const code = [];
  let inStatement = false;
  let continued = false; // the last statement is compound or had "... " lines
  for (const line of lines) {
    if (line.startsWith(">>> ") || line === ">>>") {
      if (continued) code.push("");
      code.push(line.slice(4));
      inStatement = true;
      continued = COMPOUND.test(line.slice(4));
    } else if (inStatement && (line.startsWith("... ") || line === "...")) {
      code.push(line.slice(4));
      continued = true;
    } else {
      inStatement = false; // an output line (a traceback's "..." included)
    }
  }
  return code.join("\n");
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-md-type=copy]");
  const target = button && document.querySelector(button.getAttribute("data-clipboard-target"));
  const source = target && doctestSource(target.textContent);
  if (source !== null && source !== undefined) {
    button.setAttribute("data-clipboard-text", source);
  }
}, true);

// Landmarks need names axe-core can tell apart: each code block's button bar is a <nav> with
// the same (missing) name.
document$.subscribe(() => {
  const word = siteWords("site");
  document.querySelectorAll(".md-code__nav").forEach((nav, i) => {
    nav.setAttribute("aria-label", word("code_block", { n: i + 1 }));
  });
});

// The search dialog's code (search.js) loads when a reader first asks for search: the header's
// button, Material's keys "/", "s" and "f" when not typing (caught before Material's own
// handler, which would look for its own search form), or ?q=… in the address.
(() => {
  const button = document.querySelector("[data-site-search]");
  if (!button) return;
  let loaded;
  function open(query) {
    loaded ??= new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = button.dataset.siteSearch;
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
    loaded.then(() => window.siteSearch.open(query));
  }
  button.addEventListener("click", () => open());
  window.addEventListener("keydown", (event) => {
    if (!["/", "s", "f"].includes(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    const typing = event.target.closest?.("input, textarea, select, [contenteditable]");
    if (typing || document.querySelector("dialog.site-search[open]")) return;
    event.preventDefault();
    event.stopPropagation();
    open();
  }, true);
  const asked = new URLSearchParams(location.search).get("q");
  if (asked) open(asked);
})();
