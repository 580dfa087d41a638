import type { Plugin } from "vite";

const FRAMEWORK = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/** The icons compiled by `vite/icon-components.ts` (`~icons/{set}/{name}`). */
const ICON = /~icons[\\/]/;
/** The browser entry and the root route: what they import statically is the shell. */
const SHELL_ROOTS = /[\\/]app[\\/](?:root\.tsx(?:\?|$)|entry\.client\.tsx$)/;
/** The sign-in page: the guest page most visitors load first. */
const SIGN_IN_ROUTE = /[\\/]app[\\/]routes[\\/]login\.tsx(?:\?|$)/;
/** Chunks every page has loaded before any of its code can run an `import()`. */
const ALWAYS_LOADED = /(?:^|[\\/])(?:framework|shell|rolldown-runtime)-[\w-]+\.js$/;
/** The islands' helper, which the landing page and the dashboard hydrate with: in the shell, not a request of its own. */
const ISLANDS = /[\\/]app[\\/]components[\\/]lazy-island\.tsx$/;
/** Small pieces the sign-in, reset and dashboard pages share: one file for them, not six. */
const FORMS =
  /[\\/]app[\\/](?:components[\\/](?:form-field|use-continue-after-sign-in|ui[\\/](?:alert|input|label))|lib[\\/]redirect)\.tsx?$/;

/**
 * Puts what every page runs into two chunks instead of dozens: `framework`
 * (React and React Router, which change rarely and stay cached across our
 * deploys) and `shell` (our modules that the browser entry and the root
 * route import statically); and the form pieces the pages share into a
 * third, `forms`. Shared icons go into `icons`, except those the sign-in
 * page imports, which get `sign-in-icons`, so that page loads none of the
 * dashboard's. Each small file costs its own request, import
 * bindings and brotli start-up; together they compress about a fifth better.
 * Modules loaded with `import()` (menus, dialogs, toasts, passkeys) and the
 * pages' own modules keep their own chunks: the closure follows static
 * imports only.
 *
 * Two more savings on every page: constants are written where they are used
 * (no cross-chunk bindings for `"/login"`), and a lazy chunk's preload list
 * leaves out the chunks every page has already loaded.
 */
export function clientChunks(): Plugin {
  const shell = new Set<string>();
  const signInIcons = new Set<string>();
  return {
    name: "client-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    config: () => ({
      environments: {
        client: {
          build: {
            modulePreload: {
              resolveDependencies: (_file: string, deps: string[]) =>
                deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
            },
            rolldownOptions: {
              optimization: { inlineConst: { mode: "all", pass: 2 } },
              output: {
                // V8's explicit compile hint: compile every function of React and React Router
                // while the file streams in, off the main thread, instead of each on its first
                // call during hydration (about 50 ms less main-thread compiling on /login here).
                postBanner: (chunk) => (chunk.name === "framework" ? "//# allFunctionsCalledOnLoad" : ""),
                codeSplitting: {
                  groups: [
                    { name: "framework", test: FRAMEWORK, priority: 2 },
                    { name: "shell", test: (id: string) => shell.has(id) || ISLANDS.test(id), priority: 1 },
                    { name: "forms", test: FORMS, priority: 0 },
                    // The sign-in page's icons in a file of their own, so that it loads none of the dashboard's.
                    { name: "sign-in-icons", test: (id: string) => signInIcons.has(id), priority: 1 },
                    // Icons two or more chunks use: one file, not a request each (one is ~200 bytes).
                    { name: "icons", test: ICON, minShareCount: 2, priority: 0 },
                  ],
                },
              },
            },
          },
        },
      },
    }),
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const rootsOf = (pattern: RegExp) => entries.filter((id) => pattern.test(id));
      const importedIds = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      for (const id of staticClosure(rootsOf(SHELL_ROOTS), importedIds)) shell.add(id);
      for (const id of staticClosure(rootsOf(SIGN_IN_ROUTE), importedIds, ICON)) {
        if (ICON.test(id)) signInIcons.add(id);
      }
    },
  };
}

/**
 * The modules `roots` import statically, directly or not, themselves
 * included. Left out: npm packages, and virtual modules (Vite's preload
 * helper…, which stay where Vite puts them) unless they match `leaf`;
 * modules matching `leaf` are kept but not followed.
 */
function staticClosure(roots: string[], importedIds: (id: string) => readonly string[], leaf?: RegExp) {
  const closure = new Set<string>();
  for (let pending = [...roots], id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (closure.has(id) || NODE_MODULES.test(id)) continue;
    if (!id.startsWith("/") && !leaf?.test(id)) continue;
    closure.add(id);
    if (!leaf?.test(id)) pending.push(...importedIds(id));
  }
  return closure;
}
