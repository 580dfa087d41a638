/**
 * The account features this app is built with, one line each. To build the
 * app without one, delete its line here and its folder (`app/features/<name>/`):
 * nothing else names it. `npm run features -- --check` proves that for each.
 *
 * A feature's folder holds whichever of these files it needs; the core finds
 * them by these names (`import.meta.glob`), only for the features listed here:
 * - `routes.ts`          its pages, by layout (`FeatureRoutes`, app/lib/features.ts);
 * - `feature.tsx`        what the browser shows: dashboard sections, activity kinds (`FeatureUi`);
 * - `sign-in.tsx`        a way to sign in on /login (`SignInOption`), apart so /login loads no dashboard code;
 * - `feature.server.ts`  what the server runs: migrations, better-auth plugins,
 *                        dashboard data and actions (`ServerFeature`, app/server/features.server.ts).
 */
// biome-ignore format: one line per feature, so that removing one is removing its line.
export const FEATURES: readonly string[] = [
  "admin",
  "data-export",
  "email-change",
  "passkeys",
  "sign-in-providers",
  "teams",
  "two-factor",
];

const listed = new WeakMap<object, Map<string, readonly unknown[]>>();

/**
 * The modules a glob found for `file`, of the listed features only, in the
 * list's order. Worked out at the first call and kept: a page asks a dozen
 * times per render (each lookup of a missing name built a new string).
 */
export function listedModules<Module>(modules: Record<string, Module>, file: string): readonly Module[] {
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
