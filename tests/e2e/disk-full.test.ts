import { execFileSync } from "node:child_process";
import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { confirmFromOutbox, cookieHeaderOf, postForm } from "../fixtures/no-js-forms";
import { freshDir, launchApp, portFor, signUpCodeInOutbox, stopServer } from "../fixtures/server-process";

/**
 * A real full disk: the app's DATA_DIR is a 4 MB tmpfs, filled up while the
 * app runs. Mounting needs root, so the project `disk-faults`
 * (playwright.config.ts) runs this file only as root, as `.ci/run` does.
 */
const password = "correct horse battery";

/** Fills the file system `dir` is on, with one file; returns it. */
function fill(dir: string): string {
  const filler = join(dir, "filler");
  const descriptor = openSync(filler, "w");
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(descriptor, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(descriptor);
  }
  return filler;
}

test("a full disk answers 503 (never 4xx or 500), writes nothing half-way, and recovers once there is room", async () => {
  test.setTimeout(60_000);
  const dataDir = freshDir("full-disk");
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", dataDir]);
  const port = portFor(70);
  const base = `http://localhost:${port}`;
  const server = await launchApp(port, dataDir, { LOG_LEVEL: "error" });
  try {
    const email = "roomy@example.com";
    const started = await postForm(base, { intent: "signup", name: "Disk Test", email, password });
    const cookie = cookieHeaderOf(await confirmFromOutbox(base, dataDir, email, started));

    const filler = fill(dataDir);
    const late = "late@example.com";
    const signUp = await postForm(base, { intent: "signup", name: "Late Comer", email: late, password });
    expect(signUp.status).toBe(503);
    expect((await postForm(base, { intent: "signin", email, password })).status).toBe(503);
    const signOut = await fetch(`${base}/api/_auth/session`, {
      method: "DELETE",
      headers: { Origin: base, Cookie: cookie },
    });
    expect(signOut.status).toBe(503);
    expect(signOut.headers.get("retry-after")).toBe("5");
    expect(await signOut.json()).toMatchObject({ error: "Service Unavailable" });
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    // Reads need no room: the visitor is still signed in.
    const session = await fetch(`${base}/api/_auth/session`, { headers: { Cookie: cookie } });
    expect(await session.json()).toHaveProperty("user.email", email);

    rmSync(filler);
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status).toBe(200);
    // The refused sign-up left no request and sent no code: asked again, it starts from nothing.
    expect(signUpCodeInOutbox(dataDir, late)).toBe("");
    const again = await postForm(base, { intent: "signup", name: "Late Comer", email: late, password });
    expect(again.status).toBe(302);
    const confirmed = await confirmFromOutbox(base, dataDir, late, again);
    expect(confirmed.headers.get("location")).toBe("/dashboard");
    expect((await postForm(base, { intent: "signin", email, password })).status).toBe(302);
  } finally {
    await stopServer(server);
    execFileSync("umount", [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
