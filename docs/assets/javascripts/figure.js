// R36's figure: without JavaScript each state's section has its own static figure. Here the
// four become one figure with a stepper that walks the states in the lesson's order (the
// order of the sections: b0, b2, b3, b1), sits under the current state's heading, marks that
// state's text as current, and keeps the URL hash on the current state.
document$.subscribe(() => {
  const figures = [...document.querySelectorAll("figure.r36-figure")];
  if (figures.length < 2) return;
  const word = siteWords("stepper");
  const keys = figures.map((f) => f.dataset.state);
  const headings = keys.map((k) => document.getElementById(`state-${k}`));
  // Each <span id="r36-b0"> anchor, alone on its Markdown line, is a paragraph of its own.
  const anchors = keys.map((k) => document.getElementById(`r36-${k}`).parentElement);

  const stepper = document.createElement("section");
  stepper.className = "r36-stepper";
  stepper.setAttribute("aria-label", word("label"));
  stepper.innerHTML = `
    <div class="r36-stepper__controls">
      <button type="button" class="md-button" data-step="-1">${word("previous")}</button>
      <span class="r36-stepper__status"></span>
      <button type="button" class="md-button" data-step="1">${word("next")}</button>
    </div>
    <p class="r36-stepper__live visually-hidden" aria-live="polite"></p>`;
  figures.forEach((f) => stepper.append(f));

  // One state's text: the elements after its heading, up to the next state's anchor.
  const textOf = (i) => {
    const parts = [];
    for (let el = headings[i].nextElementSibling; el; el = el.nextElementSibling) {
      if (anchors.includes(el) || (el.tagName === "H2" && el !== headings[i])) break;
      if (el !== stepper) parts.push(el);
    }
    return parts;
  };

  let current = -1;
  const show = (i, byReader) => {
    if (i < 0 || i >= keys.length || i === current) return;
    current = i;
    // Keep the buttons where they were on screen while the figure moves to the next state.
    const before = stepper.isConnected ? stepper.getBoundingClientRect().top : null;
    headings[i].after(stepper);
    figures.forEach((f, j) => { f.hidden = j !== i; });
    document.querySelectorAll(".r36-current").forEach((el) => el.classList.remove("r36-current"));
    headings.forEach((h) => h.removeAttribute("aria-current"));
    textOf(i).forEach((el) => el.classList.add("r36-current"));
    headings[i].setAttribute("aria-current", "step");
    // Measured after the marks move too: the current state's border narrows its text, so the
    // state left behind, above the buttons, may take a line less once unmarked.
    if (byReader && before !== null) {
      window.scrollBy({ top: stepper.getBoundingClientRect().top - before, behavior: "instant" });
    }
    stepper.querySelector(".r36-stepper__status").textContent =
      word("state", { key: keys[i], at: i + 1, count: keys.length });
    stepper.querySelector("[data-step='-1']").disabled = i === 0;
    stepper.querySelector("[data-step='1']").disabled = i === keys.length - 1;
    if (byReader) {
      // Its caption paragraph, which describes it (aria-describedby), said as it is shown.
      stepper.querySelector(".r36-stepper__live").textContent =
        document.getElementById(figures[i].getAttribute("aria-describedby")).textContent;
      // replaceState changes the hash without scrolling the page to the anchor.
      history.replaceState(null, "", `#r36-${keys[i]}`);
    }
  };

  // Moving the stepper under the next heading drops the keyboard focus: give it back, to the
  // button that went this way, or to the other one when this one is now disabled.
  const step = (by) => {
    show(current + by, true);
    const toward = stepper.querySelector(`[data-step='${by}']`);
    const target = toward.disabled ? stepper.querySelector(`[data-step='${-by}']`) : toward;
    target.focus({ preventScroll: true });
  };
  stepper.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (button) step(Number(button.dataset.step));
  });
  stepper.addEventListener("keydown", (event) => {
    const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!by) return;
    event.preventDefault();
    step(by);
  });
  const fromHash = () => keys.indexOf(location.hash.replace("#r36-", ""));
  window.addEventListener("hashchange", () => show(fromHash(), false));
  show(Math.max(0, fromHash()), false);
});
