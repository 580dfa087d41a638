import { expect, test } from "@playwright/test";
import { newAccount, signUpByRequest } from "../fixtures/accounts";

for (const path of ["/", "/login", "/dashboard"]) {
  test(`${path}: the head asks for the stylesheet first and preloads no script`, async ({ request }) => {
    if (path === "/dashboard") await signUpByRequest(request, newAccount());
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    const firstFetch = /<link\b[^>]*\brel="(stylesheet|preload|modulepreload)"[^>]*>/.exec(head)?.[0] ?? "";
    expect(firstFetch).toMatch(/rel="stylesheet"/);
    // The page's scripts still load: its module script imports them.
    expect(html).toMatch(/<script\b[^>]*type="module"[^>]*>[^<]*import/);
  });
}
