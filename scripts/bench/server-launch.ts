// How the benchmark starts the real server: exactly as `npm start` does, from package.json's own
// start script (its environment settings, node and its flags, the launcher), so the numbers are
// those of the server a practice runs.
import { readFileSync } from 'node:fs';

export function serverLaunch(): { command: string; args: string[]; env: Record<string, string> } {
  const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    env[name] = value;
  }
  if (words.shift() !== 'node') throw new Error(`npm start is not "node …": ${scripts.start}`);
  return { command: process.execPath, args: words, env };
}
