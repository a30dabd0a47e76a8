// html-validate's settings for the built site (tests/test_html_valid.py passes this file with
// --config, since the test builds outside the repository; `npx html-validate site` after
// `make build` finds it here by itself). The theme's own known errors are listed in that test,
// by message, not here: a rule turned off here would hide every other error it finds.
export default {
  root: true,
  // "standard" turns on the rules that check conformance to the HTML standard (content
  // models, required and allowed attributes and values, duplicate ids, character references).
  // "recommended", the default, adds style and best-practice rules (quoting, self-closing
  // tags, no inline style, trailing whitespace) that judge how Material and the build format
  // valid markup, not whether it is valid; accessibility is axe's job in the browser tests.
  extends: ["html-validate:standard"],
  // What the HTML standard requires but html-validate files under its other presets (the W3C
  // validator, vnu, reports each of these as an error).
  rules: {
    "missing-doctype": "error", // a document starts with <!doctype html>
    "empty-title": "error", // <title> holds text
    "wcag/h37": "error", // <img> has alt (empty for decoration)
    "input-attributes": "error", // no attribute that does not apply to the input's type
    "no-missing-references": "error", // for, aria-labelledby, aria-describedby name real ids
  },
};
