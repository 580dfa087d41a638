import type { SignInOption } from "~/lib/features";
import { listedModules } from "./registry";

const modules = import.meta.glob<SignInOption>("./*/sign-in.tsx", { eager: true, import: "default" });

/**
 * The ways to sign in the listed features show on /login (a passkey). Apart
 * from app/features/ui.ts, whose dashboard cards the sign-in page must not load.
 */
export function signInOptions(): readonly SignInOption[] {
  return listedModules(modules, "sign-in.tsx");
}
