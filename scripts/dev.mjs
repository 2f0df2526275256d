// `npm run dev`: the API under `tsx watch` and the Vite dev server (which proxies API paths to it),
// both with hot reload; Ctrl+C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = (code = 0) => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
