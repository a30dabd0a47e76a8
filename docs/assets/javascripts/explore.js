// R36's explorable: the reader turns query 1, over the lesson's V or one whose rows span a real
// triangle. Every number is in the data island, computed by attn at build time; this only
// picks a setting and draws it.
document$.subscribe(() => {
  const island = document.getElementById("r36-explore");
  if (!island) return;
  const { angles, lengths, values, settings } = JSON.parse(island.textContent);
  // The glossary's terms (docs/glossary.yml), in the page's words (docs/words/).
  const word = siteWords("explore");
  // Columns named as the static figure names them: the same words.
  const axis = siteWords("matrix");
  // As the figure prints numbers.
  const num = (x) => String(Number(x.toFixed(3)));
  const head = (n, label) => `<thead><tr><td></td>${Array.from({ length: n },
    (_, j) => `<th scope="col">${axis(label, { n: j + 1 })}</th>`).join("")}</tr></thead>`;
  const row = (name, cell, n) => `<tr><th scope="row">${name}</th>${cell.repeat(n)}</tr>`;
  const k = values[0].length;
  // The lesson's V first, then the other: each named by its row 3, where they differ.
  const named = (i) => word(i ? "other_v" : "lesson_v", { row: `(${values[i][2].map(num).join(", ")})` });
  const start = Math.max(0, lengths.indexOf(1));

  const box = document.createElement("div");
  box.className = "r36-explore";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", `${word("angle")} · ${word("length")} · V`);
  box.innerHTML = `
    <div class="r36-explore__controls">
      <label for="r36-explore-angle">${word("angle")}</label>
      <input type="range" id="r36-explore-angle" min="0" max="${angles.length - 1}" value="0">
      <output for="r36-explore-angle"></output>
      <fieldset><legend>${word("length")}</legend>${lengths.map((r, i) =>
        `<label><input type="radio" name="r36-explore-length" value="${i}"${i === start ? " checked" : ""}>${num(r)}</label>`).join("")}
      </fieldset>
      <fieldset><legend>V</legend>${values.map((_, i) =>
        `<label><input type="radio" name="r36-explore-values" value="${i}"${i === 0 ? " checked" : ""}>${named(i)}</label>`).join("")}
      </fieldset>
    </div>
    <div class="r36-explore__readout">
      <table class="r36-matrix"><caption>${word("table")}</caption>${head(k, "source")}<tbody>
        ${row(word("scores"), '<td class="r36-explore__s"></td>', k)}
        ${row(word("weights"), '<td><span class="r36-explore__w"></span><span class="r36-explore__bar"></span></td>', k)}
      </tbody></table>
      <table class="r36-matrix"><caption>${word("vectors")}</caption>${head(2, "dim")}<tbody>
        ${row("q₁", '<td class="r36-explore__q"></td>', 2)}
        ${row(word("output") + " y₁", '<td class="r36-explore__y"></td>', 2)}
      </tbody></table>
      <svg class="r36-explore__plot" role="img" aria-label="${word("plot")}"></svg>
    </div>
    <p class="visually-hidden" aria-live="polite"></p>`;
  island.after(box);

  const svg = box.querySelector("svg");
  // One frame for every V, so that switching V moves the points, not the axes.
  const rows = values.flat();
  const unit = 40, left = Math.min(0, ...rows.map((v) => v[0])) - 0.6;
  const top = Math.max(0, ...rows.map((v) => v[1])) + 0.6;
  const at = (v) => [(v[0] - left) * unit, (top - v[1]) * unit].map((x) => x.toFixed(1));
  const [width, height] = at([Math.max(...rows.map((v) => v[0])) + 2.4, -0.6]);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const draw = (vs) => {
    svg.innerHTML = `
      <polygon points="${vs.map((v) => at(v).join(",")).join(" ")}"/>
      ${vs.map((v, i) => {
        const [x, y] = at(v);
        return `<circle cx="${x}" cy="${y}" r="4"/>
          <text x="${Number(x) + 8}" y="${Number(y) + 4}">v${"₁₂₃"[i]} (${v.map(num).join(", ")})</text>`;
      }).join("")}
      <g class="r36-explore__y1"><rect x="-5" y="-5" width="10" height="10"/><text x="-24" y="5">y₁</text></g>`;
  };

  const slider = box.querySelector("input[type=range]");
  const fill = (cls, xs) =>
    box.querySelectorAll(`.${cls}`).forEach((el, j) => { el.textContent = num(xs[j]); });
  // The controls hold the setting: a page the browser shows again (Back) has its controls
  // restored as the reader left them, and is drawn from them.
  const chosen = (name) => Number(box.querySelector(`input[name=${name}]:checked`).value);
  const show = (announce) => {
    const angle = Number(slider.value), length = chosen("r36-explore-length");
    const v = chosen("r36-explore-values");
    draw(values[v]);
    const setting = settings[length * angles.length + angle];
    const y1 = setting.outputs[v];
    fill("r36-explore__s", setting.scores);
    fill("r36-explore__w", setting.weights);
    fill("r36-explore__q", setting.q);
    fill("r36-explore__y", y1);
    box.querySelectorAll(".r36-explore__bar").forEach((bar, j) => {
      bar.style.width = `${setting.weights[j] * 100}%`;
    });
    svg.querySelector("g").setAttribute("transform", `translate(${at(y1)})`);
    const weights = setting.weights.map(num).join(word("separator"));
    const said = word("said", { angle: angles[angle], length: num(lengths[length]), weights });
    slider.setAttribute("aria-valuetext", said);
    box.querySelector("output").textContent = `θ = ${angles[angle]}°`;
    // The slider speaks its value text; the region adds the output, and all of it when a
    // radio button changes the length or V (the button says only its own label).
    const output = `${word("output")} y₁ = (${y1.map(num).join(", ")})`;
    if (announce) box.querySelector("[aria-live]").textContent =
      announce === "angle" ? output : word("both", { said, output });
  };
  slider.addEventListener("input", () => show("angle"));
  box.querySelector(".r36-explore__controls").addEventListener("change", (event) => {
    if (event.target.type === "radio") show(event.target.name);
  });
  show(null);
  window.addEventListener("pageshow", () => show(null));
});
