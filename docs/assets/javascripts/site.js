// Two small behaviours Material does not have, and the words of the site's scripts. No
// framework; runs on every page, before the site's other scripts.

// A part of the words the build wrote into the page, in the page's language (#site-words, from
// docs/words/): a word the table lacks fails loudly, naming it, rather than showing "undefined".
function siteWords(part) {
  const table = JSON.parse(document.getElementById("site-words").textContent)[part] ?? {};
  return new Proxy(table, {
    get(words, key) {
      if (key in words) return words[key];
      const lang = document.documentElement.lang;
      throw new Error(`docs/words/${lang}.yml has no word scripts.${part}.${String(key)}`);
    },
  });
}

// A word with its placeholders filled in: fill("{n} pages", { n: 3 }) is "3 pages".
function fill(word, values) {
  return word.replace(/\{(\w+)\}/g, (_, name) => values[name]);
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
// "... " prompts, and without the outputs. Material's copy button copies data-clipboard-text
// when a button has it, so set it just before Material's own (bubbling) handler runs.
function doctestSource(text) {
  const lines = text.replace(/\n$/, "").split("\n");
  if (!lines[0].startsWith(">>>")) return null;
  const code = [];
  let inStatement = false;
  for (const line of lines) {
    if (line.startsWith(">>> ") || line === ">>>") {
      code.push(line.slice(4));
      inStatement = true;
    } else if (inStatement && (line.startsWith("... ") || line === "...")) {
      code.push(line.slice(4));
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
  const words = siteWords("site");
  document.querySelectorAll(".md-code__nav").forEach((nav, i) => {
    nav.setAttribute("aria-label", fill(words.code_block, { n: i + 1 }));
  });
});
