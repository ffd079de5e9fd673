// `npm run cluster`: several instances of the shop on one PostgreSQL behind HAProxy (src/server/cluster/cluster.ts).
// Ctrl-C or SIGTERM stops everything in order; SIGHUP restarts the instances one by one without losing a request.
import { parseArgs } from 'node:util';
import { ensureBuild } from './ensure-build.mjs';

const HELP = `npm run cluster -- [--instances 3] [--port 4321] [--host 0.0.0.0] [--haproxy /usr/sbin/haproxy]

  Lance plusieurs instances de la boutique sur la même base PostgreSQL (DATABASE_URL), derrière HAProxy.
  --instances  nombre d’instances (1 à 16, 3 par défaut)
  --port       port public de HAProxy (PORT, sinon 4321) ; l’instance n écoute sur 127.0.0.1, port + n
  --host       interface publique de HAProxy (HOST, sinon 0.0.0.0)
  --haproxy    programme HAProxy (cherché dans PATH, /usr/sbin et /usr/local/sbin)

  kill -HUP <pid> : redémarrage progressif (une instance à la fois, retirée de HAProxy puis remise une fois prête).
  Ctrl-C ou kill <pid> : arrêt propre (HAProxy, puis les instances).`;

let args;
try {
  args = parseArgs({
    options: {
      instances: { type: 'string', short: 'n', default: '3' },
      port: { type: 'string', default: process.env.PORT ?? '4321' },
      host: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
      haproxy: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (err) {
  console.error(`${err instanceof Error ? err.message : err}\n\n${HELP}`);
  process.exit(1);
}
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
const instances = Number(args.instances);
const port = Number(args.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error('--instances : un nombre entier de 1 à 16.');
  process.exit(1);
}
if (!Number.isInteger(port) || port < 1 || port + instances > 65535) {
  console.error(`--port : un port de 1 à ${65535 - instances} (les instances prennent les ${instances} suivants).`);
  process.exit(1);
}

const { NEEDS_HAPROXY, NEEDS_POSTGRES, findHaproxy, startCluster } = await import('../src/server/cluster/cluster.ts');
// Checked before the build, which can take minutes.
if (!process.env.DATABASE_URL) {
  console.error(NEEDS_POSTGRES);
  process.exit(1);
}
if (!findHaproxy(args.haproxy)) {
  console.error(NEEDS_HAPROXY);
  process.exit(1);
}
ensureBuild();

console.log(`Démarrage de ${instances} instance(s) sur PostgreSQL, puis de HAProxy…`);
const cluster = await startCluster({
  instances,
  port,
  host: args.host,
  root: process.cwd(),
  env: process.env,
  haproxy: args.haproxy,
}).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
const listed = cluster
  .instances()
  .map((i) => `${i.name} (127.0.0.1:${i.port}, pid ${i.pid})`)
  .join(', ');
console.log(`Boutique en grappe prête sur ${cluster.url} : HAProxy devant ${listed}.`);
console.log(`Configuration de HAProxy : ${cluster.config} ; son API d’exploitation : ${cluster.socket}.`);
console.log(`Redémarrage progressif : kill -HUP ${process.pid} ; arrêt : Ctrl-C ou kill ${process.pid}.`);

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  console.log('Arrêt de la grappe : HAProxy, puis les instances (les requêtes en cours se terminent)…');
  void cluster.close().then(
    () => {
      console.log('Grappe arrêtée.');
      process.exit(code);
    },
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => {
  if (stopping) return;
  console.log('Redémarrage progressif des instances…');
  void cluster.rollingRestart().then(
    () => console.log('Redémarrage progressif terminé : toutes les instances ont été relancées.'),
    (err) =>
      console.error(
        `Redémarrage progressif interrompu : ${err instanceof Error ? err.message : err} (les autres instances servent toujours ; corrigez puis kill -HUP ${process.pid}).`,
      ),
  );
});
// The instances and HAProxy have their own process groups (Ctrl-C reaches this process alone): should it die without
// stopping them (an error of its own), they are not left running.
process.on('exit', () => {
  if (stopping) return;
  for (const pid of cluster.pids()) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
});
void cluster.lost.then((code) => {
  if (stopping) return;
  console.error(`HAProxy s’est arrêté (code ${code}) : la grappe ne sert plus, arrêt des instances.`);
  stop(1);
});
