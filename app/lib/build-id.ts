/**
 * Build ids: what the build, the server and the browser agree on.
 * Pure: the Vite plugin imports this file too, so no `import.meta.env` here.
 */

/** URL-safe, so an id can name a file (`meta/{id}.json`) and sit in a URL unescaped. */
const BUILD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The id `npm run dev` runs with: one dev server is always its own latest build. */
export const DEV_BUILD_ID = "dev";

/** What `latest.json` and `meta/{id}.json` hold. */
export type BuildInfo = { id: string; timestamp: number };

/** True for 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit. */
export function isBuildId(value: unknown): value is string {
  return typeof value === "string" && BUILD_ID_PATTERN.test(value);
}

/**
 * The id of a build: `BUILD_ID` from the environment when set, so every
 * instance built for one release shares it; else a fresh one (time, then
 * randomness), so two builds never collide.
 */
export function resolveBuildId(
  env: Record<string, string | undefined>,
  now: number,
  randomPart: () => string,
): string {
  const given = env.BUILD_ID?.trim();
  if (given) {
    if (!isBuildId(given)) {
      throw new Error(
        "BUILD_ID must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit",
      );
    }
    return given;
  }
  return `${now.toString(36)}-${randomPart()}`;
}

/**
 * True when the server's `latest.json` names another build than the one this
 * page runs. Anything malformed counts as "no news": a broken answer must
 * never make every visitor reload.
 */
export function isNewBuild(latest: unknown, ownId: string): boolean {
  if (!latest || typeof latest !== "object") return false;
  const { id } = latest as { id?: unknown };
  return isBuildId(id) && id !== ownId;
}
