// How the benchmark starts the real server: the way `npm start` runs it.
export function serverLaunch(): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', 'server/index.ts'] };
}
