import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SafeHtml, cleanHtml } from "./safe-html";

describe("cleanHtml", () => {
  it("keeps formatting, lists, images and links", () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong>, <em>italic</em> and <a href="https://example.org/a?b=c">a link</a>.</p>' +
      '<ul><li>One</li></ul><img src="/uploads/1/photo.jpg" alt="Photo"><p><a href="mailto:desk@example.org">Mail us</a></p>';
    expect(cleanHtml(html)).toBe(html);
  });

  it("drops scripts, event handlers, styles, frames and forms", () => {
    const html =
      '<p onclick="alert(1)" style="color:red" class="x">Hi<script>alert(2)</script></p>' +
      '<img src=/a.png onerror="alert(3)"><iframe src="https://evil.example"></iframe>' +
      '<svg><script>alert(4)</script></svg><style>p{}</style><form action="/x"><input name="a">Field</form><!-- note -->';
    const clean = cleanHtml(html);
    expect(clean).toBe('<p>Hi</p><img src="/a.png">Field');
    expect(clean).not.toMatch(/onerror|onclick|script|style|iframe|svg|form|input|<!--/i);
  });

  it("drops javascript: and data: addresses, also disguised", () => {
    const html =
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="java&#9;script:alert(1)">c</a>' +
      '<a href="data:text/html,<script>alert(1)</script>">d</a><img src="data:image/png;base64,AAAA">' +
      '<a href="//evil.example/">e</a><img src="javascript:alert(1)">';
    expect(cleanHtml(html)).toBe("<a>a</a><a>b</a><a>c</a><a>d</a><img><a>e</a><img>");
  });

  it("keeps the text of unknown wrappers and opens new windows safely", () => {
    expect(cleanHtml('<div><span>Kept</span> <a href="https://example.org" target="_blank">out</a></div>')).toBe(
      'Kept <a href="https://example.org" target="_blank" rel="noopener noreferrer">out</a>',
    );
  });
});

describe("SafeHtml", () => {
  it("renders the cleaned HTML and nothing that runs", () => {
    const { container } = render(
      <SafeHtml html={'<p>Hello</p><img src="/a.png" onerror="window.hacked = true">'} className="prose" />,
    );
    expect(container.innerHTML).toBe('<div class="prose"><p>Hello</p><img src="/a.png"></div>');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });
});
