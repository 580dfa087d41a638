import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  ADMIN_VARIABLES,
  isAdministrator,
  isListedAdministrator,
  readAdminSettings,
} from "./administrators.server";

const settings = readAdminSettings({ ADMIN_EMAILS: " Grace@Example.test ,ops@example.test" });
const person = (email: string, emailVerified = true, role: string | null = "user") => ({
  email,
  emailVerified,
  role,
});

describe("who is an administrator", () => {
  test("a verified address listed in ADMIN_EMAILS, whatever its case and spacing", () => {
    expect(isAdministrator(settings, person("grace@example.test"))).toBe(true);
    expect(isListedAdministrator(settings, person("OPS@example.test"))).toBe(true);
  });

  test("a listed address nobody has proven is not", () => {
    expect(isAdministrator(settings, person("grace@example.test", false))).toBe(false);
  });

  test("an account made one in the console is, verified or not; anyone else is not", () => {
    expect(isAdministrator(settings, person("ada@example.test", true, "admin"))).toBe(true);
    expect(isListedAdministrator(settings, person("ada@example.test", true, "admin"))).toBe(false);
    expect(isAdministrator(settings, person("ada@example.test"))).toBe(false);
    expect(isAdministrator(settings, person("ada@example.test", true, "admin,user"))).toBe(false);
  });

  test("a malformed ADMIN_EMAILS stops the start; empty is allowed", () => {
    const variables = z.object(ADMIN_VARIABLES);
    expect(variables.safeParse({ ADMIN_EMAILS: "grace@example.test, not an address" }).success).toBe(false);
    expect(variables.safeParse({}).success).toBe(true);
    expect(readAdminSettings({}).emails.size).toBe(0);
  });
});
