/** All server configuration, read once from the environment and validated at start-up. */
import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, phoneSchema } from '../domain/account.ts';
import { parseTrustProxy } from './http/client-address.ts';
import { LOG_LEVELS } from './observe/logger.ts';

const flag = (name: string) => z.enum(['true', 'false'], { error: `${name} doit valoir true ou false.` }).transform((v) => v === 'true');

const httpUrl = (name: string) => z.url({ protocol: /^https?$/, error: `${name} doit être une URL http(s)://…` });

const envSchema = z
  .object({
    // Unset means a developer's machine: only `production` turns the demo accounts, catalogue and payments off.
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'NODE_ENV doit valoir development, production ou test.' })
      .default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL doit être une URL postgres://…' }).optional(),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET doit compter au moins 32 caractères.').optional(),
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(900).default(900),
    REFRESH_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(3600)
      .default(30 * 24 * 3600),
    SEED: z.enum(['auto', 'demo', 'never'], { error: 'SEED doit valoir auto, demo ou never.' }).default('auto'),
    DEMO_PAYMENTS: flag('DEMO_PAYMENTS').optional(),
    ADMIN_EMAIL: z.optional(emailSchema),
    ADMIN_PASSWORD: z.optional(passwordSchema),
    ADMIN_NAME: z._default(nameSchema, 'Administrateur'),
    ADMIN_PHONE: z.optional(phoneSchema),
    LOG_REQUESTS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL doit valoir ${LOG_LEVELS.join(', ')}.` }).default('info'),
    // Unset: no metrics listener. Prometheus reads /metrics there, away from the shop's public port.
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).optional(),
    // How long a stopping instance lets requests in flight finish before it closes their connections.
    SHUTDOWN_TIMEOUT: z.coerce.number().int().min(0).max(120).default(10),
    PUBLIC_API_URL: z.string().default(''),
    PUBLIC_SITE_URL: httpUrl('PUBLIC_SITE_URL').default('http://localhost:4321'),
    INTERNAL_API_URL: httpUrl('INTERNAL_API_URL').optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL doit être une URL smtp:// ou smtps://…' }).optional(),
    MAIL_FROM: z.string().min(3).default('Boutique <no-reply@boutique.sn>'),
    SMS_GATEWAY_URL: httpUrl('SMS_GATEWAY_URL').optional(),
    SMS_GATEWAY_KEY: z.string().min(1).optional(),
    OUTBOX_DIR: z.string().min(1).optional(),
    WAVE_API_KEY: z.string().min(1).optional(),
    WAVE_WEBHOOK_SECRET: z.string().min(16, 'WAVE_WEBHOOK_SECRET doit compter au moins 16 caractères.').optional(),
    WAVE_API_URL: httpUrl('WAVE_API_URL').default('https://api.wave.com'),
    ORANGE_MONEY_CLIENT_ID: z.string().min(1).optional(),
    ORANGE_MONEY_CLIENT_SECRET: z.string().min(1).optional(),
    ORANGE_MONEY_MERCHANT_KEY: z.string().min(1).optional(),
    ORANGE_MONEY_API_URL: httpUrl('ORANGE_MONEY_API_URL').default('https://api.orange.com'),
    ORANGE_MONEY_COUNTRY: z
      .string()
      .regex(/^[a-z]{2,3}$/, 'ORANGE_MONEY_COUNTRY doit être un code pays en minuscules (sn, ou dev pour le bac à sable).')
      .default('sn'),
    TRUST_PROXY: z
      .string()
      .default('')
      .superRefine((v, ctx) => {
        try {
          parseTrustProxy(v);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
        }
      }),
  })
  .superRefine((v, ctx) => {
    // One without the other would start a shop whose admin the operator thinks exists.
    if (v.ADMIN_EMAIL && !v.ADMIN_PASSWORD)
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_PASSWORD est requis avec ADMIN_EMAIL.' });
    if (v.ADMIN_PASSWORD && !v.ADMIN_EMAIL)
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'ADMIN_EMAIL est requis avec ADMIN_PASSWORD.' });
    // Orange Money needs all three: a partial set would open payments that can never be created.
    const orange = ['ORANGE_MONEY_CLIENT_ID', 'ORANGE_MONEY_CLIENT_SECRET', 'ORANGE_MONEY_MERCHANT_KEY'] as const;
    if (orange.some((k) => v[k]))
      for (const k of orange)
        if (!v[k])
          ctx.addIssue({
            code: 'custom',
            path: [k],
            message: `${k} est requis avec ${orange.filter((o) => o !== k).join(' et ')} pour activer Orange Money.`,
          });
  })
  .transform((v) => ({
    ...v,
    // The demonstration provider lets anyone mark an order paid: on by default only away from production.
    DEMO_PAYMENTS: v.DEMO_PAYMENTS ?? v.NODE_ENV !== 'production',
  }));

/** The validated configuration. */
export type Env = z.infer<typeof envSchema>;

/** Parses an environment (process.env by default); throws a readable French error listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuration invalide :\n${lines}`);
  }
  return parsed.data;
}
