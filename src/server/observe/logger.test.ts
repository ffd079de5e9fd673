import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, lineEntry, lineLog } from './logger.ts';

describe('lineEntry', () => {
  it.each([
    ['[paiement] événement EV_1 : paid', { area: 'paiement' }, 'événement EV_1 : paid'],
    ['[tâches] rappels : 2 envoyés', { area: 'tâches' }, 'rappels : 2 envoyés'],
    ['Boutique prête', {}, 'Boutique prête'],
    ['[pas fermé', {}, '[pas fermé'],
  ])('%s', (line, fields, msg) => expect(lineEntry(line)).toEqual([fields, msg]));
});

describe('createLogger', () => {
  it('writes one JSON object per line with a readable level, an ISO time, the service and the area', () => {
    const lines: string[] = [];
    const to = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger('info', to);
    lineLog(logger)('[commandes] prix client ignoré');
    logger.debug('caché');
    logger.warn({ route: '/api/x' }, 'attention');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        service: 'boutique',
        area: 'commandes',
        msg: 'prix client ignoré',
      },
      { level: 'warn', time: expect.any(String), service: 'boutique', route: '/api/x', msg: 'attention' },
    ]);
  });
});
