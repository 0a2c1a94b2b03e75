import { describe, expect, it } from "bun:test";
import { markdownPage, renderMarkdown, type MarkdownLinkContext } from "../../../src/server/media/markdown-page";
import { resolveRelative } from "../../../src/server/media/markdown-links";

/** A resolver standing in for the server's: everything under /private is refused by the user's rules. */
const ctx: MarkdownLinkContext = {
  folder: "/docs/guide/",
  base: "",
  auth: "tok en",
  resolve: (path) => (path.startsWith("/private") ? null : path),
};

describe("renderMarkdown", () => {
  it("renders headings, lists, tables, code and task boxes", async () => {
    const html = await renderMarkdown(
      "# Title\n\n- one\n- [x] done\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\n```js\nlet x = 1 < 2;\n```\n",
      ctx,
    );
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<input checked disabled type="checkbox" />');
    expect(html).toContain('<td align="right">2</td>');
    expect(html).toContain('<code class="language-js">let x = 1 &lt; 2;');
  });

  it("drops script, event handlers, javascript: links, frames, objects and styles", async () => {
    const source = [
      "<script>alert('s')</script>",
      '<img src="pic.png" onerror="alert(\'e\')">',
      "[click](javascript:alert('j')) [upper](JaVaScRiPt:alert(1)) [data](data:text/html,x)",
      '<iframe src="https://example.com/"></iframe><object data="x.swf"></object><embed src="x">',
      '<style>body{display:none}</style><p style="color:red" onclick="x()">text</p>',
    ].join("\n\n");
    const html = await renderMarkdown(source, ctx);
    for (const gone of [
      "<script",
      "alert",
      "onerror",
      "onclick",
      "javascript",
      "data:",
      "<iframe",
      "<object",
      "<embed",
      "<style",
      "style=",
    ]) {
      expect(html.toLowerCase()).not.toContain(gone.toLowerCase());
    }
    expect(html).toContain("<a>click</a>");
    expect(html).toContain("<p>text</p>");
  });

  it("points relative images at the raw URL of the file's folder with the same auth", async () => {
    const html = await renderMarkdown('![a cat](img/my%20cat.png "Cat") ![up](../shot.jpg)', ctx);
    expect(html).toContain(
      '<img src="/api/raw/docs/guide/img/my%20cat.png?auth=tok%20en&amp;inline=true" alt="a cat" title="Cat" />',
    );
    expect(html).toContain('src="/api/raw/docs/shot.jpg?auth=tok%20en&amp;inline=true"');
  });

  it("makes paths outside the scope or refused by the rules dead, and never loads remote images", async () => {
    const html = await renderMarkdown(
      "![esc](../../../etc/passwd.png) [esc](../../../etc/passwd) [priv](/private/x.md) ![remote](https://example.com/t.png)",
      ctx,
    );
    expect(html).toBe("<p><em>esc</em> <a>esc</a> <a>priv</a> <em>remote</em></p>\n");
  });

  it("links markdown files to their preview, other files to raw, folders to the app, and keeps external links", async () => {
    const html = await renderMarkdown(
      "[md](../other.MD#part) [txt](notes.txt) [dir](sub/) [ext](https://example.com/a?b=1) [mail](mailto:a@b.c) [here](#top)",
      { ...ctx, base: "/fb" },
    );
    expect(html).toContain('<a href="/fb/api/resources/docs/other.MD?auth=tok%20en&amp;preview=markdown#part">md</a>');
    expect(html).toContain('<a href="/fb/api/raw/docs/guide/notes.txt?auth=tok%20en&amp;inline=true">txt</a>');
    expect(html).toContain('<a href="/fb/files/docs/guide/sub/">dir</a>');
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">ext</a>');
    expect(html).toContain('<a href="mailto:a@b.c">mail</a>');
    expect(html).toContain('<a href="#top">here</a>');
  });

  it("leaves the auth parameter out when the request carried none", async () => {
    expect(await renderMarkdown("![p](p.png)", { ...ctx, auth: undefined })).toContain(
      'src="/api/raw/docs/guide/p.png?inline=true"',
    );
  });
});

describe("resolveRelative", () => {
  it("walks . and .. inside the scope and refuses climbing above its root", () => {
    expect(resolveRelative("/a/b/", "./c/../d.png?x=1#f")).toEqual({ path: "/a/b/d.png", wantsDir: false, hash: "#f" });
    expect(resolveRelative("/a/", "../")).toEqual({ path: "/", wantsDir: true, hash: "" });
    expect(resolveRelative("/a/", "../../x")).toBeNull();
    expect(resolveRelative("/", "bad%zz")).toBeNull();
  });
});

describe("markdownPage", () => {
  it("is a complete page titled with the escaped file name, light and dark", async () => {
    const page = await markdownPage("<b>&notes.md", "# Hi", ctx);
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toContain("<title>&#60;b&#62;&#38;notes.md</title>");
    expect(page).toContain("color-scheme:light dark");
    expect(page).toContain("<h1>Hi</h1>");
  });
});
