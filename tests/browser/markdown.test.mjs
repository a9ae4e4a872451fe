// The page's Markdown renderer: what it renders, and that no HTML or
// script from a skill body gets through.
import assert from "node:assert/strict";
import { test } from "node:test";

import { escapeHtml, renderMarkdown, safeHref } from "../../crates/skillworld-habitat/page/markdown.js";

test("headings, lists, code, emphasis, tables and quotes render", () => {
  const html = renderMarkdown(
    "# Title\n\nSome **bold** and *em* and `x < y`.\n\n- one\n- two\n\n1. first\n2. second\n\n```sh\necho <hi>\n```\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n---",
  );
  assert.match(html, /<h1>Title<\/h1>/);
  assert.match(html, /<strong>bold<\/strong>/);
  assert.match(html, /<em>em<\/em>/);
  assert.match(html, /<code>x &lt; y<\/code>/);
  assert.match(html, /<ul><li>one<\/li><li>two<\/li><\/ul>/);
  assert.match(html, /<ol><li>first<\/li><li>second<\/li><\/ol>/);
  assert.match(html, /<pre><code class="language-sh">echo &lt;hi&gt;<\/code><\/pre>/);
  assert.match(html, /<blockquote><p>quoted<\/p><\/blockquote>/);
  assert.match(html, /<table><thead><tr><th>a<\/th><th>b<\/th><\/tr><\/thead><tbody><tr><td>1<\/td><td>2<\/td><\/tr><\/tbody><\/table>/);
  assert.match(html, /<hr>/);
});

test("raw HTML is escaped, never passed through", () => {
  const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n# <b>x</b>');
  assert.doesNotMatch(html, /<script|<img|<b>/);
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(html, /&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;/);
});

test("links keep safe targets only", () => {
  assert.match(renderMarkdown("[docs](https://example.org/a?b=1&c=2)"), /<a href="https:\/\/example.org\/a\?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">docs<\/a>/);
  assert.match(renderMarkdown("[ref](references/a.md)"), /href="references\/a.md"/);
  for (const evil of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "vbscript:x"]) {
    const html = renderMarkdown(`[x](${evil})`);
    assert.doesNotMatch(html, /<a /, evil);
    assert.equal(safeHref(evil), false);
  }
  assert.doesNotMatch(renderMarkdown('[x](https://a"onmouseover="alert(1))'), /"onmouseover/);
});

test("underscores inside words stay as they are", () => {
  assert.equal(renderMarkdown("window.__pwned and snake_case_name"), "<p>window.__pwned and snake_case_name</p>");
  assert.equal(renderMarkdown("__strong__ and _em_"), "<p><strong>strong</strong> and <em>em</em></p>");
});

test("escapeHtml escapes the five characters", () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
});
