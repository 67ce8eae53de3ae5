// `npm run dev`: the API server (reloading on change) on 5173 and Vite on 5172, which passes /api through.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '5173', HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:5172' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@sweetwish/web'], { stdio: 'inherit' }),
];

function stopAll(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
process.on('SIGINT', () => stopAll());
process.on('SIGTERM', () => stopAll());
