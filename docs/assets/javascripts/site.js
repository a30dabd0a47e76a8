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

// The links to a page's other languages drop the URL hash: keep the reader on the same section.
// Both languages share every heading and state id, so the hash means the same place.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[hreflang]");
  if (link && location.hash) {
    link.href = link.href.split("#")[0] + location.hash;
  }
}, true);

// A doctest copied whole gives runnable code: its statements without prompts or outputs, and a
// blank line after a compound or multi-line one, which Python's REPL needs to end it on paste.
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

// The browser's copy event, whoever copies: the theme's copy button (clipboard.js copies from a
// text field's selection, as Material 9.8.2 uses it: a copy event the page sees) or a reader's
// selection of the whole block. tests/test_browser.py copies with the button.
document.addEventListener("copy", (event) => {
  const field = event.target;
  const text = (typeof field.selectionStart === "number"
    ? field.value.slice(field.selectionStart, field.selectionEnd)
    : String(document.getSelection())).trimEnd();
  const whole = [...document.querySelectorAll("pre > code")].some((code) => code.textContent.trimEnd() === text);
  const source = whole && doctestSource(text);
  if (source) {
    event.clipboardData.setData("text/plain", source);
    event.preventDefault();
  }
});

// The search dialog's code (search.js) loads when a reader first asks for search: the page's
// button, the keys "/", "s" and "f" that open Material's search (when not typing: the theme has
// no search of its own here to answer them), or ?q=… in the address.
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
  button.hidden = false; // without this script, the button would do nothing
  button.addEventListener("click", () => open());
  window.addEventListener("keydown", (event) => {
    if (!["/", "s", "f"].includes(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    const typing = event.target.closest?.("input, textarea, select, [contenteditable]");
    if (typing || document.querySelector("dialog.site-search[open]")) return;
    event.preventDefault(); // the key opens search: it is not typed (nor a browser's quick find)
    open();
  });
  const asked = new URLSearchParams(location.search).get("q");
  if (asked) open(asked);
})();
