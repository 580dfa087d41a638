/**
 * nginx for `npm run test:deploy`: Debian's package (installed when missing), a self-signed
 * certificate, and the site of docs/deploy/nginx.conf rendered into a main configuration of
 * the test's own, in a folder of its own. It never reads or touches the system's nginx
 * (/etc/nginx, its pid file, its logs, its temp folders).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { collectOutput } from "../../tests/fixtures/process-output.ts";

/** The site file a team copies: the test renders this very file. */
export const SITE_TEMPLATE = "docs/deploy/nginx.conf";

/** The path of the nginx binary, installing Debian's package first when there is none. */
export function ensureNginx(): string {
  const found = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"].find(existsSync);
  if (found) return found;
  if (process.getuid?.() !== 0)
    throw new Error("nginx is not installed, and installing it needs root: apt-get install -y nginx");
  console.log("nginx is missing: apt-get install -y nginx");
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "nginx"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  if (!install() && !(spawnSync("apt-get", ["update"], { stdio: "inherit" }).status === 0 && install()))
    throw new Error("apt-get install -y nginx failed");
  return "/usr/sbin/nginx";
}

/** A self-signed certificate for `localhost` (and 127.0.0.1), valid for a day. */
export function selfSignedCertificate(dir: string) {
  const certificate = join(dir, "localhost.crt");
  const key = join(dir, "localhost.key");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
      ...["-keyout", key, "-out", certificate],
    ],
    { stdio: "ignore" },
  );
  return { certificate, key, pem: readFileSync(certificate, "utf8") };
}

/**
 * The site file with its `${PLACEHOLDERS}` filled in, as envsubst would with the names the
 * file lists. Every placeholder must have a value and every value a placeholder: a file
 * that gains or loses one fails here rather than running half-configured.
 */
export function renderSite(template: string, values: Record<string, string>): string {
  const used = new Set([...template.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((match) => match[1] ?? ""));
  const missing = [...used].filter((name) => !(name in values));
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (missing.length || unused.length)
    throw new Error(`${SITE_TEMPLATE}: no value for [${missing}], no placeholder for [${unused}]`);
  return template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name: string) => values[name] ?? "");
}

/** What the test's access log says of one request: separated by `|`, upstreams by `, `. */
const LOG_FORMAT = "$msec|$request_method|$request_uri|$status|$upstream_addr|$upstream_status";

export type LoggedRequest = { at: number; method: string; uri: string; status: number; upstreams: string[] };

/**
 * The main configuration around the site: everything under `dir` (pid, temp folders, logs),
 * and a server-wide `gzip on` as many nginx.conf have, which the site must turn off.
 */
function mainConfig(dir: string, site: string) {
  const temp = (name: string) => join(dir, "temp", name);
  return `worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log stderr warn;
events { worker_connections 1024; }
http {
    client_body_temp_path ${temp("body")};
    proxy_temp_path ${temp("proxy")};
    fastcgi_temp_path ${temp("fastcgi")};
    uwsgi_temp_path ${temp("uwsgi")};
    scgi_temp_path ${temp("scgi")};
    log_format deploy_test '${LOG_FORMAT}';
    access_log ${join(dir, "access.log")} deploy_test;
    gzip on;
    gzip_min_length 1;
    gzip_types text/plain text/css application/json application/javascript text/javascript;
    include ${site};
}
`;
}

export type Nginx = {
  child: ChildProcess;
  output: () => string;
  log: () => LoggedRequest[];
  stop: () => Promise<void>;
};

/**
 * Writes the rendered site and its main configuration to `dir`, has `nginx -t` check them,
 * then runs nginx in the foreground (`daemon off`), its errors on stderr.
 */
export function startNginx(binary: string, dir: string, values: Record<string, string>): Nginx {
  const site = join(dir, "site.conf");
  writeFileSync(site, renderSite(readFileSync(SITE_TEMPLATE, "utf8"), values));
  const config = join(dir, "nginx.conf");
  writeFileSync(config, mainConfig(dir, site));
  mkdirSync(join(dir, "temp"), { recursive: true });
  const args = ["-p", dir, "-c", config, "-e", "stderr"];
  const test = spawnSync(binary, [...args, "-t", "-q"], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx -t refused the rendered site:\n${test.stderr}`);
  const child = spawn(binary, [...args, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  const output = collectOutput(child);
  const exited = new Promise((done) => child.on("exit", done));
  return {
    child,
    output,
    log: () => readAccessLog(join(dir, "access.log")),
    stop: async () => {
      // QUIT: finish what is in flight, then stop (its workers with it).
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
    },
  };
}

function readAccessLog(file: string): LoggedRequest[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [at = "", method = "", uri = "", status = "", upstreams = ""] = line.split("|");
      return { at: Number(at) * 1000, method, uri, status: Number(status), upstreams: upstreams.split(", ") };
    });
}
