// `npm run dev`: the API server restarting on change, and Vite's dev server with hot reload
// proxying /api and /trpc to it. Open the URL Vite prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3000';
const bin = (name: string) => `${root}node_modules/.bin/${name}`;

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  }),
  spawn(bin('vite'), ['--config', 'client/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
