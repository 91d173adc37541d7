// How the benchmark starts the real server: as `npm start` does, from the compiled server (built
// first if it is missing or stale).
export function serverLaunch(): { command: string; args: string[] } {
  return { command: process.execPath, args: ['scripts/start.mjs'] };
}
