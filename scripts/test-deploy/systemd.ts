/** The systemd unit of docs/deploy/, checked by systemd's own parser where there is one. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const UNIT_FILE = "docs/deploy/react-starter@.service";

/**
 * `systemd-analyze verify` on the unit, as instance 3001, with its checkout path pointed at
 * this one (the command and the working directory must exist): every unknown setting, bad
 * value or typo is a line of output, and a line fails the check.
 */
export function verifyUnit(): string {
  if (spawnSync("systemd-analyze", ["--version"]).status !== 0) return "skipped: no systemd-analyze here";
  const dir = mkdtempSync(join(tmpdir(), "unit-"));
  try {
    const unit = readFileSync(UNIT_FILE, "utf8").replaceAll("/srv/react-starter", process.cwd());
    writeFileSync(join(dir, "react-starter@.service"), unit);
    const verify = spawnSync(
      "systemd-analyze",
      ["verify", "--man=no", join(dir, "react-starter@3001.service")],
      {
        encoding: "utf8",
      },
    );
    const said = `${verify.stdout}${verify.stderr}`.trim();
    if (verify.status !== 0 || said)
      throw new Error(`systemd-analyze verify: ${said || `exit ${verify.status}`}`);
    return "systemd-analyze verify finds nothing to say";
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
