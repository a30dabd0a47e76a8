// R36's explorable: the reader turns query 1. Every number is in the page's data island
// (<script type="application/json" id="r36-explore">), computed by attn when the site is built;
// this script only picks a state and draws it. Without JavaScript the island stays inert and
// the section's caption paragraph and its code say what this would show.
document$.subscribe(() => {
  const island = document.getElementById("r36-explore");
  if (!island || document.querySelector(".r36-explore")) return;
  const { angles, lengths, values, states } = JSON.parse(island.textContent);
  const zh = document.documentElement.lang.startsWith("zh");
  // The figure's words (coursesite/figure.py) and the glossary's terms, in the page's language.
  const t = zh
    ? { group: "转动 query 1", angle: "q₁ 的方向 θ", length: "q₁ 的长度 r", scores: "分数",
        weights: "权重", table: "query 1 的分数与权重", vectors: "q₁ 与输出 Y₁", output: "输出",
        source: "来源", dim: "维", plot: "V 的三行（来源的 value）与输出 Y₁", sep: "、", semi: "；",
        said: (deg, r, w) => `query 1 方向 ${deg}°，长度 ${r}：权重 ${w}` }
    : { group: "Turn query 1", angle: "direction θ of q₁", length: "length r of q₁",
        scores: "scores", weights: "weights", table: "query 1's scores and weights",
        vectors: "q₁ and its output Y₁", output: "output", source: "source", dim: "dim",
        plot: "V's three rows (the sources' values) and the output Y₁", sep: ", ", semi: "; ",
        said: (deg, r, w) => `query 1 at ${deg}°, length ${r}: weights ${w}` };
  // As the figure prints a number: up to three decimals, no trailing zeros.
  const num = (x) => String(Number(x.toFixed(3)));
  const list = (xs) => xs.map(num).join(t.sep);
  const cols = (n, word) =>
    Array.from({ length: n }, (_, j) => `<th scope="col">${word} ${j + 1}</th>`).join("");
  const cells = (n, cls) => `<td class="${cls}"></td>`.repeat(n);
  const bar = '<td><span class="r36-explore__w"></span><span class="r36-explore__bar"></span></td>';

  const box = document.createElement("div");
  box.className = "r36-explore";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", t.group);
  box.innerHTML = `
    <div class="r36-explore__controls">
      <label for="r36-explore-angle">${t.angle}</label>
      <input type="range" id="r36-explore-angle" min="0" max="${angles.length - 1}" step="1">
      <output for="r36-explore-angle" class="r36-explore__angle"></output>
      <fieldset><legend>${t.length}</legend>${lengths.map((r, i) =>
        `<label><input type="radio" name="r36-explore-length" value="${i}">${num(r)}</label>`).join("")}
      </fieldset>
    </div>
    <div class="r36-explore__readout">
      <table class="r36-matrix"><caption>${t.table}</caption>
        <thead><tr><td></td>${cols(values.length, t.source)}</tr></thead>
        <tbody><tr><th scope="row">${t.scores}</th>${cells(values.length, "r36-explore__s")}</tr>
        <tr><th scope="row">${t.weights}</th>${bar.repeat(values.length)}</tr></tbody></table>
      <table class="r36-matrix"><caption>${t.vectors}</caption>
        <thead><tr><td></td>${cols(2, t.dim)}</tr></thead>
        <tbody><tr><th scope="row">q₁</th>${cells(2, "r36-explore__q")}</tr>
        <tr><th scope="row">${t.output} Y₁</th>${cells(2, "r36-explore__y")}</tr></tbody></table>
      <svg class="r36-explore__plot" role="img" aria-label="${t.plot}"></svg>
    </div>
    <p class="visually-hidden" aria-live="polite"></p>`;
  island.after(box);

  // The plot: V's rows as labelled points, the triangle they span, and Y₁ as a square.
  const svg = box.querySelector("svg");
  const xs = values.map((v) => v[0]), ys = values.map((v) => v[1]);
  const unit = 40, pad = 0.6;
  const x0 = Math.min(0, ...xs) - pad, y1 = Math.max(0, ...ys) + pad;
  const px = (v) => [((v[0] - x0) * unit).toFixed(1), ((y1 - v[1]) * unit).toFixed(1)];
  const width = (Math.max(...xs) + 2.4 - x0) * unit, height = (y1 - Math.min(0, ...ys) + pad) * unit;
  svg.setAttribute("viewBox", `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`);
  const [ox, oy] = px([0, 0]);
  svg.innerHTML = `
    <path class="r36-explore__axes" d="M0 ${oy}H${width.toFixed(0)}M${ox} 0V${height.toFixed(0)}"/>
    <polygon class="r36-explore__hull" points="${values.map((v) => px(v).join(",")).join(" ")}"/>
    ${values.map((v, i) => {
      const [x, y] = px(v);
      return `<circle cx="${x}" cy="${y}" r="4"/><text x="${Number(x) + 8}" y="${Number(y) + 4}">v${i + 1} (${v.map(num).join(", ")})</text>`;
    }).join("")}
    <rect class="r36-explore__y1" width="10" height="10"/>
    <text class="r36-explore__y1-label">Y₁</text>`;

  const slider = box.querySelector("input[type=range]");
  const live = box.querySelector("[aria-live]");
  const fill = (cls, xs) => box.querySelectorAll(`.${cls}`).forEach((el, j) => {
    el.textContent = num(xs[j]);
  });
  let length = Math.max(0, lengths.indexOf(1));
  const show = (announce) => {
    const angle = Number(slider.value);
    const state = states[length * angles.length + angle];
    fill("r36-explore__s", state.scores);
    fill("r36-explore__q", state.q);
    fill("r36-explore__y", state.output);
    fill("r36-explore__w", state.weights);
    box.querySelectorAll(".r36-explore__bar").forEach((bar, j) => {
      bar.style.width = `${(state.weights[j] * 100).toFixed(1)}%`;
    });
    const [x, y] = px(state.output).map(Number);
    svg.querySelector("rect").setAttribute("x", (x - 5).toFixed(1));
    svg.querySelector("rect").setAttribute("y", (y - 5).toFixed(1));
    svg.querySelector(".r36-explore__y1-label").setAttribute("x", (x - 22).toFixed(1));
    svg.querySelector(".r36-explore__y1-label").setAttribute("y", (y + 4).toFixed(1));
    const said = t.said(angles[angle], num(lengths[length]), list(state.weights));
    slider.setAttribute("aria-valuetext", said);
    box.querySelector("output").textContent = `θ = ${angles[angle]}°`;
    // The slider speaks its own value text; the region adds what it leaves out: the output,
    // and the whole state when the length changes (a radio button says only its length).
    const output = `${t.output} Y₁ = (${state.output.map(num).join(", ")})`;
    if (announce) live.textContent = announce === "length" ? `${said}${t.semi}${output}` : output;
  };
  slider.value = String(Math.max(0, angles.indexOf(0)));
  box.querySelectorAll("input[type=radio]")[length].checked = true;
  slider.addEventListener("input", () => show("angle"));
  box.querySelector("fieldset").addEventListener("change", (event) => {
    length = Number(event.target.value);
    show("length");
  });
  show(null);
});
