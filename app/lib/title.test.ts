import { describe, expect, test } from "vitest";
import { errorPageTitle, formatTitle, titleFromPath } from "./title";

describe("titleFromPath", () => {
  test.each([
    ["/dashboard", "Dashboard"],
    ["/account-settings", "Account Settings"],
    ["/teams/acme/billing_history", "Billing History"],
    ["/dashboard/", "Dashboard"],
    ["/caf%C3%A9-menu", "Café Menu"],
    ["/%E0%A4%A", "%E0%A4%A"],
    ["/", ""],
  ])("%s → %j", (path, title) => {
    expect(titleFromPath(path)).toBe(title);
  });
});

describe("formatTitle", () => {
  test("puts the page before the app name", () => {
    expect(formatTitle("Dashboard", "React Starter")).toBe("Dashboard | React Starter");
  });

  test("is the app name alone without a page title", () => {
    expect(formatTitle("", "Acme")).toBe("Acme");
  });

  test("formats error pages as status - message", () => {
    expect(formatTitle(errorPageTitle(404, "Page Not Found"), "React Starter")).toBe(
      "404 - Page Not Found | React Starter",
    );
  });
});
