/** @module Runs the server in this process: boot.ts builds and listens; here the signals, the `listening on` line, the exit. */
import type { Config } from "./config/flags";
import { videoEncoder } from "./media/video-encoder";
import { boot } from "./boot";

/**
 * Starts serving with `config` and resolves once listening. Prints `listening on http://ADDR:PORT` first,
 * then the first-run admin credentials when they were just created. Stops on SIGINT/SIGTERM: running tasks
 * are cancelled, partial uploads are removed and the database is closed.
 */
export async function serve(config: Readonly<Config>): Promise<void> {
  const booted = await boot(config);
  const { deps, admin } = booted;
  const log = deps.log;

  // Handlers go in before the `listening` line: a supervisor may signal as soon as it reads it.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down`);
    // docs/interfaces.md "Start and stop": background tasks are cancelled (process groups killed, partial outputs
    // removed) before the
    // database closes (boot.ts stop()).
    await booted.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // With SO_REUSEPORT a second server on a taken port would bind too instead of failing: check first.
  if (config.port !== 0) assertPortFree(config.address, config.port);
  const server = booted.listen();
  const host = config.address.includes(":") ? `[${config.address}]` : config.address;
  // docs/interfaces.md "Start and stop": the first line printed on success.
  console.log(`listening on http://${host}:${server.port}`);
  if (admin.created && admin.generated) {
    console.log(`first run: created admin user "${admin.username}" with password: ${admin.password}`);
  } else if (admin.created) {
    console.log(`first run: created admin user "${admin.username}" with the password given by --password`);
  }
  const indexed = booted.startIndex();
  // Start-up code (module bodies, migrations, the first walk) never runs again: once the walk and the encoder
  // probe are done, drop its compiled code and garbage and give the freed pages back (JSC's shrinkFootprintWhenIdle).
  void Promise.all([indexed, videoEncoder()]).then(
    () => Bun.shrink(),
    () => {},
  );
}

/**
 * Throws Bun.serve's own "in use" error when `port` is taken, by binding it once without SO_REUSEPORT. Bun
 * 1.4.5 sets SO_REUSEPORT whenever `development: false` is passed (seen with strace), so the main listener
 * would share a taken port silently even without transfer threads; this probe passes neither option.
 */
function assertPortFree(hostname: string, port: number): void {
  Bun.serve({ hostname, port, reusePort: false, fetch: () => new Response(null) }).stop(true);
}
