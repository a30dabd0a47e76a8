// Two small behaviours Material does not have. No framework; runs on every page.

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
  const zh = document.documentElement.lang.startsWith("zh");
  document.querySelectorAll(".md-code__nav").forEach((nav, i) => {
    nav.setAttribute("aria-label", `${zh ? "代码块" : "Code block"} ${i + 1}`);
  });
});
