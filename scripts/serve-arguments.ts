import { readFileSync } from "node:fs";

/**
 * The arguments `npm run serve` gives Node (its memory flags included), so
 * the server a script measures or breaks is the server deployed.
 */
export function serveArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { serve: string } };
  const words = scripts.serve.split(/\s+/);
  const [command, ...args] = words[0] === "exec" ? words.slice(1) : words;
  if (command !== "node") throw new Error(`expected "serve" to run node, got: ${scripts.serve}`);
  return args;
}
