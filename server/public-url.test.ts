import { expect, test } from "vitest";
import { withPublicOrigin } from "./public-url";

test("behind a TLS-terminating proxy, the request gets the public origin with its path, query, method, headers and body", async () => {
  const seen = new Request("http://app.example.com/login?redirect=%2Fdashboard", {
    method: "POST",
    headers: { Origin: "https://app.example.com", "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=signin&email=a%40example.com",
  });
  const request = withPublicOrigin(seen, "https://app.example.com");
  expect(request.url).toBe("https://app.example.com/login?redirect=%2Fdashboard");
  expect(request.method).toBe("POST");
  expect(request.headers.get("origin")).toBe("https://app.example.com");
  expect(Object.fromEntries(await request.formData())).toEqual({ intent: "signin", email: "a@example.com" });
});

test("a request already on the public URL is passed on as it is", () => {
  const seen = new Request("http://localhost:3000/dashboard");
  expect(withPublicOrigin(seen, "http://localhost:3000")).toBe(seen);
});

test("a port that only starts like the public origin's is not it", () => {
  const seen = new Request("http://localhost:30001/dashboard");
  expect(withPublicOrigin(seen, "http://localhost:3000").url).toBe("http://localhost:3000/dashboard");
});

test("the Host header cannot choose the origin: it is always APP_URL's", () => {
  const seen = new Request("http://evil.example/login");
  expect(withPublicOrigin(seen, "https://app.example.com").url).toBe("https://app.example.com/login");
});
