// `npm start`: build if needed, then serve the shop and its API (src/server/main.ts).
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
const { start } = await import('../src/server/main.ts');
const running = await start().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
const stop = () => void running.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
