/**
 * The features this app is built with, one line each, with the features
 * each one builds on (`requires`). To build the app without one, delete its
 * line here and its folder (`app/features/<name>/`), and those of the
 * features that require it: nothing else names them.
 * `npm run features -- --check` proves that for each.
 *
 * A feature imports the core, and of another feature only what one it
 * requires exports from its `api.ts` / `api.server.ts` (app/architecture.test.ts).
 */
// biome-ignore format: one line per feature, so that removing one is removing its line.
const REGISTRY: Record<string, { requires?: readonly string[] }> = {
  "admin": {},
  "data-export": {},
  "email-change": {},
  "passkeys": {},
  "projects": { requires: ["teams"] },
  "sign-in-providers": {},
  "teams": {},
  "two-factor": {},
};

/** The listed features' names, in the registry's order. */
export const FEATURES: readonly string[] = Object.keys(REGISTRY);

/** The features `name` builds on (its `requires`), each listed above. */
export function requiredBy(name: string): readonly string[] {
  return REGISTRY[name]?.requires ?? [];
}

for (const name of FEATURES) {
  const missing = requiredBy(name).filter((required) => !FEATURES.includes(required));
  if (missing.length > 0) {
    throw new Error(
      `app/features/registry.ts: "${name}" requires ${missing.join(", ")}, which is not listed`,
    );
  }
}

/**
 * The files of a feature's folder the core finds by name (`import.meta.glob`
 * in this folder's modules, for the listed features only), and what each holds.
 * Read by the registry's test, the test of the contract's page
 * (docs/features.md) and knip's config (knip.config.ts).
 */
export const SEAM_FILES = {
  "routes.ts": "its pages, by layout (`FeatureRoutes`, app/lib/features.ts)",
  "feature.tsx": "what the browser shows: dashboard sections, activity kinds (`FeatureUi`)",
  "sign-in.tsx": "a way to sign in on /login (`SignInOption`), apart so /login loads no dashboard code",
  "every-page.tsx": "what it renders on every page (`EveryPagePart`)",
  "account-menu.tsx": "its part of the header's account menu (`AccountMenuPart`)",
  "feature.server.ts":
    "what the server runs: migrations, dashboard data, actions (`ServerFeature`, app/server/features.server.ts)",
} as const;

const listed = new WeakMap<object, Map<string, readonly unknown[]>>();

/**
 * The modules a glob found for `file`, of the listed features only, in the
 * list's order. Worked out at the first call and kept: a page asks a dozen
 * times per render (each lookup of a missing name built a new string).
 */
export function listedModules<Module>(
  modules: Record<string, Module>,
  file: keyof typeof SEAM_FILES,
): readonly Module[] {
  let byFile = listed.get(modules);
  if (!byFile) {
    byFile = new Map();
    listed.set(modules, byFile);
  }
  let found = byFile.get(file) as readonly Module[] | undefined;
  if (!found) {
    found = FEATURES.flatMap((name) => {
      const module = modules[`./${name}/${file}`];
      return module ? [module] : [];
    });
    byFile.set(file, found);
  }
  return found;
}
