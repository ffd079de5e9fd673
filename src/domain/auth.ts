/** Token and session contract of spec §3 "Session", "User" and §7 "Users and authentication". */
import { z } from './zod.ts';

export const userInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  partner_phone: z.string().nullable(),
  email: z.string().nullable(),
  adhesion: z.string().nullable(),
  parent_id: z.number().int().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

const companySchema = z.object({ id: z.number().int(), name: z.string() });
const parentSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();
const userContextSchema = z.object({ lang: z.string(), tz: z.string(), uid: z.number().int() });

/** Session values of §3 carried by every token answer. */
export const sessionValuesSchema = z.object({
  user_info: userInfoSchema,
  company: companySchema.nullable(),
  parent: parentSchema,
  user_context: userContextSchema,
  is_verified: z.boolean(),
  /** Whether the account runs the back office (a hint for the frame's 'Administration' link; /admin checks for itself). Absent: no. */
  is_admin: z.boolean().optional(),
});
export type SessionValues = z.infer<typeof sessionValuesSchema>;

/** Answer of `GET /api/auth/get_tokens`. */
export const tokensSchema = sessionValuesSchema.extend({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int().positive(),
  refresh_expires_in: z.number().int().positive(),
});
export type Tokens = z.infer<typeof tokensSchema>;

/** Query of `GET /api/auth/get_tokens`. */
export const credentialsSchema = z.object({
  username: z
    .string({ error: 'Le paramètre « username » est obligatoire.' })
    .trim()
    .min(1, 'Le paramètre « username » est obligatoire.')
    .max(200),
  password: z.string({ error: 'Le paramètre « password » est obligatoire.' }).min(1, 'Le paramètre « password » est obligatoire.').max(200),
});

/** Body of `POST /api/auth/refresh_token`. */
export const refreshRequestSchema = z.strictObject({
  refresh_token: z
    .string({ error: 'Le champ « refresh_token » est obligatoire.' })
    .min(1, 'Le champ « refresh_token » est obligatoire.')
    .max(500),
});
/** Answer of `POST /api/auth/refresh_token`. */
export const refreshAnswerSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int().positive(),
  refresh_token: z.string(),
  refresh_expires_in: z.number().int().positive().optional(),
});
export type RefreshAnswer = z.infer<typeof refreshAnswerSchema>;

/** Body of `POST /api/auth/delete_tokens`. */
export const deleteTokensSchema = z.strictObject({
  refreshToken: z
    .string({ error: 'Le champ « refreshToken » est obligatoire.' })
    .min(1, 'Le champ « refreshToken » est obligatoire.')
    .max(500),
});
