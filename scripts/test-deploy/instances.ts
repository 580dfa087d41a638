/** The two app instances behind nginx in `npm run test:deploy`, and the ports the test takes. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { collectOutput } from "../../tests/fixtures/process-output.ts";
import { outboxMails, until } from "../outbox-account.ts";
import { serveArguments } from "../serve-arguments.ts";

/** Ports this test may take: a range of its own (the machine's other tests use others). */
const PORT_RANGE = { first: 4540, last: 4599 };

const isFree = (port: number) =>
  new Promise<boolean>((answer) => {
    const probe = createServer();
    probe.once("error", () => answer(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => answer(true)));
  });

/** `count` loopback ports nothing listens on, from the test's range. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = PORT_RANGE.first; port <= PORT_RANGE.last && ports.length < count; port += 1)
    if (await isFree(port)) ports.push(port);
  if (ports.length < count)
    throw new Error(`fewer than ${count} free ports in ${PORT_RANGE.first}–${PORT_RANGE.last}`);
  return ports;
}

export type Instance = {
  name: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** The exit code, once it has exited. */
  exited: Promise<number | null>;
};

/**
 * Starts the production build as `npm run serve` does (the same Node flags) on 127.0.0.1:`port`,
 * with `env`; resolves once it listens.
 */
export async function startInstance(name: string, port: number, dir: string, env: Record<string, string>) {
  const dataDir = join(dir, `instance-${name}`);
  mkdirSync(dataDir);
  const child = spawn(process.execPath, serveArguments(), {
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  const instance: Instance = { name, port, dataDir, child, output, exited };
  const listening = await Promise.race([
    until(() => output().includes("Listening on"), 30_000),
    exited.then(() => false),
  ]);
  if (!listening) throw new Error(`instance ${name} did not start:\n${output()}`);
  return instance;
}

/** Stops an instance (SIGTERM, as systemd would) and waits for it to exit; SIGKILL after 15 s. */
export async function stopInstance(instance: Instance) {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill("SIGTERM");
  const timer = setTimeout(() => instance.child.kill("SIGKILL"), 15_000);
  await instance.exited;
  clearTimeout(timer);
}

/**
 * The code of the sign-up mail to `email`, from whichever instance's outbox folder got it:
 * without SMTP_URL the instance whose mail worker took the row writes it (docs/deploy.md).
 */
export async function signUpCode(instances: Instance[], email: string): Promise<string> {
  const find = () =>
    instances
      .flatMap((instance) => outboxMails(instance.dataDir))
      .filter((mail) => new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}$`, "m").test(mail))
      .map((mail) => /^Subject: (\d{6}) is your /m.exec(mail)?.[1])
      .find(Boolean);
  if (!(await until(() => Boolean(find()), 15_000))) throw new Error(`no sign-up code mailed to ${email}`);
  return find() ?? "";
}
