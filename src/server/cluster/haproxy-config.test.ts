import { describe, expect, it } from 'vitest';
import { haproxyConfig, type HaproxySettings } from './haproxy-config.ts';
import { tagLine } from './instance.ts';

const settings = (over: Partial<HaproxySettings> = {}): HaproxySettings => ({
  bind: { host: '0.0.0.0', port: 8080 },
  instances: [
    { name: 'i1', host: '127.0.0.1', port: 8081 },
    { name: 'i2', host: '127.0.0.1', port: 8082 },
  ],
  socket: '/run/boutique/haproxy.sock',
  shutdownTimeout: 10,
  ...over,
});

describe('the HAProxy configuration of npm run cluster', () => {
  it.each([
    ['listens on the public address', settings(), '  bind 0.0.0.0:8080'],
    ['writes an IPv6 address in brackets', settings({ bind: { host: '::', port: 80 } }), '  bind [::]:80'],
    ['names each instance with its address', settings(), '  server i1 127.0.0.1:8081\n  server i2 127.0.0.1:8082\n'],
    ['checks each instance on /readyz and wants 200', settings(), 'http-check send meth GET uri /readyz ver HTTP/1.1'],
    ['leaves an instance after two failed checks a second apart', settings(), 'default-server check inter 1s fall 2 rise 2'],
    ['sends the client’s address to the instances', settings(), '  option forwardfor'],
    [
      'sends a request again elsewhere when it never reached an instance or got no answer',
      settings(),
      'retry-on conn-failure empty-response',
    ],
    ['changes instance at every retry', settings(), '  option redispatch 1'],
    [
      'never sends again a write without Idempotency-Key that reached an instance',
      settings(),
      'disable-l7-retry if !METH_GET !METH_HEAD !METH_OPTIONS !{ req.hdr(idempotency-key) -m found }',
    ],
    ['opens its runtime API to its owner only', settings(), 'stats socket /run/boutique/haproxy.sock mode 600 level admin'],
    ['waits as long as an instance for answers in flight when it stops', settings({ shutdownTimeout: 30 }), 'hard-stop-after 35s'],
  ])('%s', (_what, s, wanted) => {
    expect(haproxyConfig(s)).toContain(wanted);
  });

  it('refuses a cluster of no instance', () => {
    expect(() => haproxyConfig(settings({ instances: [] }))).toThrow('Au moins une instance est nécessaire.');
  });
});

describe('the instances’ lines in the cluster’s output', () => {
  it.each([
    ['a JSON log entry gets the instance’s name as its first field', '{"level":30,"msg":"x"}', '{"instance":"i2","level":30,"msg":"x"}'],
    ['any other line is prefixed with it', 'Erreur : port pris', '[i2] Erreur : port pris'],
  ])('%s', (_what, line, tagged) => {
    expect(tagLine('i2', line)).toBe(tagged);
    if (tagged.startsWith('{')) expect(JSON.parse(tagged)).toEqual({ instance: 'i2', level: 30, msg: 'x' });
  });
});
