// The site's search: a dialog over Pagefind's index of the page's own language (pagefind/,
// written by the build: coursesite.search). Neither this file (site.js loads it) nor anything
// under pagefind/ loads before the reader opens the dialog, so a page's first load is lighter
// and does not grow with the course.
(() => {
  // The site's root, from this script's own address (assets/javascripts/search.js, in the
  // build of the page's language) and that language's folder (en/): right wherever the site
  // is hosted, under a sub-path too.
  const folder = siteWords("folder")("path");
  const up = "../".repeat(folder.split("/").length - 1);
  const root = new URL(`../../${up}`, document.currentScript.src);
  const lang = document.documentElement.lang.startsWith("zh") ? "zh" : "en";
  const other = lang === "zh" ? "en" : "zh";
  const word = siteWords("search");
  // Each result shown fetches its page's text (a few KB): three at a time, more when asked,
  // which keeps a first query within its budget (benchmarks/NOTES.md).
  const PAGE_SIZE = 3;
  const HAN = /\p{Script=Han}/u;

  // A query becomes the searches that answer it. Chinese pages are indexed one character a
  // word, so there a part with Chinese in it is searched as a phrase of its characters:
  // "归一化" finds the pages that hold 归一化, not those that hold 归, 一 and 化 apart. Quoted
  // parts are phrases too; the other words go to Pagefind as they are (prefixes, stems).
  function searches(query) {
    const phrases = [];
    const words = [];
    for (const match of query.matchAll(/["“”「」]([^"“”「」]+)["“”「」]?|(\S+)/g)) {
      const part = (match[1] ?? match[2]).trim();
      if (!part) continue;
      if (match[1] !== undefined || (lang === "zh" && HAN.test(part))) {
        phrases.push(`"${part.match(/\p{Script=Han}|[^\s\p{Script=Han}]+/gu).join(" ")}"`);
      } else {
        words.push(part);
      }
    }
    return words.length ? [...phrases, words.join(" ")] : phrases;
  }

  // Pages that answer every search, best first. Pagefind scores every page of a phrase search
  // alike, so pages are ranked by the score of the query's words searched apart.
  async function answer(pagefind, query) {
    const terms = searches(query);
    if (!terms.length) return [];
    const phrased = terms.some((term) => term.startsWith('"'));
    const [found, apart] = await Promise.all([
      Promise.all(terms.map((term) => pagefind.search(term))),
      phrased ? pagefind.search(terms.join(" ").replaceAll('"', "")) : null,
    ]);
    const score = new Map((apart ?? found[0]).results.map((r) => [r.id, r.score]));
    const answering = found.map(({ results }) => new Set(results.map((r) => r.id)));
    const ranked = found[0].results
      .filter((r) => answering.every((ids) => ids.has(r.id)))
      .sort((a, b) => (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0));
    // Pagefind answers a word it does not hold with the words that begin as it does ("qwzx"
    // finds every "q"): there is no answer unless the best page marks, or has in its title, a
    // word that begins with the first three letters of the query's first word.
    const words = terms.at(-1);
    if (!ranked.length || words.startsWith('"')) return ranked;
    const start = words.split(" ")[0].slice(0, 3).toLowerCase();
    const best = await ranked[0].data();
    const marks = document.createElement("template");
    marks.innerHTML = best.excerpt;
    const seen = [...marks.content.querySelectorAll("mark")].map((mark) => mark.textContent);
    const held = [...seen, ...(best.meta.title ?? "").split(/\s+/)];
    return held.some((w) => w.toLowerCase().startsWith(start)) ? ranked : [];
  }

  // Pagefind marks each indexed character on its own: one mark over a run reads better.
  const marked = (html) => {
    const excerpt = document.createElement("template");
    excerpt.innerHTML = html.replace(/\u200b/g, "");
    for (const mark of excerpt.content.querySelectorAll("mark")) {
      if (mark.nextSibling?.nodeName === "MARK") mark.nextSibling.prepend(...mark.childNodes);
      if (!mark.childNodes.length) mark.remove();
    }
    return excerpt.innerHTML;
  };
  const plain = (text) => text.replace(/\u200b/g, "");

  let dialog;
  let pagefind;
  let asked = 0;

  function element(tag, attributes = {}, text = "") {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    if (text) node.textContent = text;
    return node;
  }

  function build() {
    dialog = element("dialog", { class: "site-search", "aria-label": word("dialog") });
    const form = element("form", { role: "search", method: "dialog" });
    const input = element("input", {
      type: "search", name: "q", "aria-label": word("input"), placeholder: word("input"),
      autocomplete: "off", spellcheck: "false", "aria-describedby": "site-search-hint",
    });
    const close = element("button", { type: "button", class: "site-search__close", "aria-label": word("close") }, "×");
    const hint = element("p", { id: "site-search-hint", class: "site-search__hint" }, word("hint"));
    const status = element("p", { class: "site-search__status", role: "status" });
    const list = element("ul", { class: "site-search__results" });
    const more = element("button", { type: "button", class: "site-search__more", hidden: "" }, word("more"));
    // The other language's pages, offered with every answer: a reader who found nothing here
    // (or not what they meant) may find it there.
    const elsewhere = element("p", { class: "site-search__other" });
    form.append(input, close);
    dialog.append(form, hint, status, list, more, elsewhere);
    document.body.append(dialog);

    let timer;
    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => run(input.value), 120);
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      clearTimeout(timer);
      run(input.value).then(() => list.querySelector("a")?.focus());
    });
    // Focus leaves the closed dialog at once, so that the page's keys (/, s, f) work again
    // right away, not once the browser notices that the focused control is hidden.
    const shut = () => {
      dialog.close();
      if (dialog.contains(document.activeElement)) document.activeElement.blur();
    };
    close.addEventListener("click", shut);
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) shut(); // a click on the backdrop
    });
    dialog.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        // One Esc closes, wherever the focus is: in a search field Chromium's own Esc would
        // first only empty the field.
        event.preventDefault();
        shut();
        return;
      }
      if (event.key === "Tab") {
        // Focus stays in the dialog: past its last control, back to its first.
        const controls = [...dialog.querySelectorAll("input, button:not([hidden]), a[href]")];
        const edge = event.shiftKey ? controls[0] : controls[controls.length - 1];
        if (document.activeElement === edge) {
          event.preventDefault();
          (event.shiftKey ? controls[controls.length - 1] : controls[0]).focus();
        }
        return;
      }
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      const stops = [input, ...list.querySelectorAll("a")];
      const at = stops.indexOf(document.activeElement);
      if (at < 0) return;
      event.preventDefault();
      const next = event.key === "ArrowDown" ? Math.min(at + 1, stops.length - 1) : Math.max(at - 1, 0);
      stops[next].focus();
    });

    let shown = [];
    let query = "";
    more.addEventListener("click", () => show(shown, query, list.children.length));

    async function run(value) {
      const asking = ++asked; // any earlier query still under way is dropped
      if (value.trim() === dialog.dataset.answered) return; // shown already: keep the focus
      query = value.trim();
      if (!query) {
        delete dialog.dataset.answered;
        list.replaceChildren();
        status.textContent = "";
        elsewhere.replaceChildren();
        more.hidden = true;
        return;
      }
      status.textContent = word("loading");
      let results;
      try {
        pagefind ??= await load();
        results = await answer(pagefind, query);
      } catch (error) {
        status.textContent = word("failed");
        throw error;
      }
      if (asking !== asked) return; // a later query has been typed
      shown = results;
      list.replaceChildren();
      elsewhere.replaceChildren(elsewhereLink(query.replace(/["“”「」]/g, "")));
      if (!results.length) {
        status.textContent = word("none", { query });
        more.hidden = true;
      } else {
        status.textContent = word(results.length === 1 ? "result" : "results", { n: results.length });
        await show(results, query, 0);
      }
      dialog.dataset.answered = query; // what the list shows the answer to (tests wait on it)
    }

    async function show(results, forQuery, from) {
      const asking = asked;
      const page = await Promise.all(results.slice(from, from + PAGE_SIZE).map((r) => r.data()));
      if (asking !== asked || forQuery !== query) return;
      const before = list.children.length;
      for (const data of page) list.append(item(data));
      // Asked for more, the keyboard goes on from the first new result (the button may go).
      if (from) list.children[before].querySelector("a").focus();
      more.hidden = list.children.length >= results.length;
    }
    dialog.input = input;
    dialog.run = run;
  }

  async function load() {
    const module = await import(new URL("pagefind/pagefind.js", root).href);
    // Search runs on the page's own thread: a course's index is small enough, and Pagefind's
    // worker would cost a reader another download before the first answer.
    // Pagefind's excerpt is a count of words: here a Chinese character is one, so Chinese
    // excerpts are given about as much of a line as English ones.
    const excerptLength = lang === "zh" ? 80 : 30;
    await module.options({ baseUrl: root.pathname, noWorker: true, excerptLength });
    return module;
  }

  // A result, or one of its page's sections: a link with its title and excerpt.
  function entry(url, title, excerpt, attributes = {}) {
    const li = element("li");
    const link = element("a", { href: url, ...attributes });
    const text = element("span", { class: "site-search__excerpt" });
    text.innerHTML = marked(excerpt); // Pagefind escapes the page text; <mark> is its own
    link.append(element("span", { class: "site-search__title" }, plain(title)), text);
    li.append(link);
    return li;
  }

  function item(data) {
    const title = plain(data.meta.title ?? data.url);
    const li = entry(data.url, title, data.excerpt, { class: "site-search__page" });
    // Sections of the page, but not its top (the title again) nor one that repeats its excerpt.
    const sections = (data.sub_results ?? [])
      .filter((s) => s.url !== data.url && plain(s.title) !== title)
      .filter((s) => s.excerpt !== data.excerpt)
      .slice(0, 3);
    if (sections.length) {
      const sub = element("ul", { class: "site-search__sections" });
      sub.append(...sections.map((s) => entry(s.url, s.title, s.excerpt)));
      li.append(sub);
    }
    return li;
  }

  // Where the other language's search is: this page in that language (the link atop every
  // page's article, overrides/partials/tools.html), with the query, which opens the dialog there.
  function elsewhereLink(query) {
    const target = new URL(document.querySelector(`.site-tools a[hreflang=${other}]`).href);
    target.search = new URLSearchParams({ q: query }).toString();
    return element("a", { href: target.href, hreflang: other, class: "site-search__elsewhere" }, word("elsewhere", { query }));
  }

  function open(query) {
    if (!dialog) build();
    if (!dialog.open) dialog.showModal();
    if (query !== undefined) {
      dialog.input.value = query;
      dialog.run(query);
    }
    dialog.input.focus();
    dialog.input.select();
  }

  // site.js loads this file when a reader first asks for search, then opens it through this.
  window.siteSearch = { open };
})();
