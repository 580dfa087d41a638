import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { z } from "zod";

/** Where a provider's warnings go (the OpenID provider out of reach). */
export type Log = (message: string) => void;

/** What better-auth needs to run a provider: an entry of its own `socialProviders`, or a plugin of ours. */
export type BetterAuthParts = {
  socialProviders?: BetterAuthOptions["socialProviders"];
  plugins?: BetterAuthPlugin[];
};

/** A provider's variables, each with the schema that checks it (every variable is a string). */
export type Variables = Record<string, z.ZodType<string>>;

/** The server half of a provider, as it is written in `SETUPS` (providers/registry.server.ts). */
export type Setup<V extends Variables, Settings> = {
  /**
   * Its variables, in the order the env schema checks them. The ones
   * without a default are all needed: all set turns the provider on, some
   * set stops the start.
   */
  variables: V;
  /** Its settings, from its variables once the needed ones are all set. */
  settings: (vars: z.output<z.ZodObject<V>>) => Settings;
  /** The name on its button when the configuration chooses it; else the one in `OAUTH_PROVIDERS`. */
  name?: (settings: Settings) => string;
  /** Where its sign-in page lives: the CSP's `form-action` must allow the form post that goes there. */
  signInOrigin: (settings: Settings) => string;
  /** How better-auth runs it; `log` is for its warnings. */
  betterAuth: (settings: Settings, log: Log) => BetterAuthParts;
};

/** A provider's server half as the app uses it: `read` takes its settings from the checked environment. */
export type ServerHalf<V extends Variables, Settings> = Omit<Setup<V, Settings>, "settings"> & {
  read: (env: Record<string, unknown>) => Settings | undefined;
};

/** A provider's server half, from how it is written (`SETUPS` in providers/registry.server.ts). */
export function serverHalf<V extends Variables, Settings>({
  settings,
  ...setup
}: Setup<V, Settings>): ServerHalf<V, Settings> {
  const needed = z.object(setup.variables);
  return {
    ...setup,
    // The env schema checked each value already: this parse fails only when
    // a needed one is unset, and gives the values their types.
    read: (env) => {
      const vars = needed.safeParse(env);
      return vars.success ? settings(vars.data) : undefined;
    },
  };
}
