import { expect, test } from "../fixtures/signed-in";

for (const path of ["/", "/login", "/dashboard"]) {
  test(`${path}: the head asks for the stylesheet first and preloads no script`, async ({
    request: guest,
    loginRequest,
  }) => {
    const request = path === "/dashboard" ? (await loginRequest()).request : guest;
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    const firstFetch = /<link\b[^>]*\brel="(stylesheet|preload|modulepreload)"[^>]*>/.exec(head)?.[0] ?? "";
    expect(firstFetch).toMatch(/rel="stylesheet"/);
    // The page's scripts still load: its module script imports them.
    expect(html).toMatch(/<script\b[^>]*type="module"[^>]*>[^<]*import/);
  });
}
