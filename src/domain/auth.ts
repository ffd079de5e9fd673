/** Token and session contract of spec §3 "Session", "User" and §7 "Users and authentication". */
import * as z from './zod.ts';

const positive = z.int().check(z.positive());

const userInfoSchema = z.object({
  id: z.int(),
  name: z.string(),
  partner_phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  adhesion: z.nullable(z.string()),
  parent_id: z.nullable(z.int()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

const companySchema = z.object({ id: z.int(), name: z.string() });
const parentSchema = z.nullable(z.object({ id: z.int(), name: z.string() }));
const userContextSchema = z.object({ lang: z.string(), tz: z.string(), uid: z.int() });

/** Session values of §3 carried by every token answer. */
export const sessionValuesSchema = z.object({
  user_info: userInfoSchema,
  company: z.nullable(companySchema),
  parent: parentSchema,
  user_context: userContextSchema,
  is_verified: z.boolean(),
  /** Whether the account runs the back office (a hint for the frame's 'Administration' link; /admin checks for itself). Absent: no. */
  is_admin: z.optional(z.boolean()),
});
export type SessionValues = z.infer<typeof sessionValuesSchema>;

/** Answer of `GET /api/auth/get_tokens`. */
export const tokensSchema = z.extend(sessionValuesSchema, {
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: positive,
  refresh_expires_in: positive,
});
export type Tokens = z.infer<typeof tokensSchema>;

/** A required text of at most `max` characters, refused with `missing` when absent or empty. */
const requiredText = (missing: string, max: number, trim = false) =>
  z.string({ error: missing }).check(...(trim ? [z.trim()] : []), z.minLength(1, missing), z.maxLength(max));

/** Query of `GET /api/auth/get_tokens`. */
export const credentialsSchema = z.object({
  username: requiredText('Le paramètre « username » est obligatoire.', 200, true),
  password: requiredText('Le paramètre « password » est obligatoire.', 200),
});

/** Body of `POST /api/auth/refresh_token`. */
export const refreshRequestSchema = z.strictObject({
  refresh_token: requiredText('Le champ « refresh_token » est obligatoire.', 500),
});
/** Answer of `POST /api/auth/refresh_token`. */
export const refreshAnswerSchema = z.object({
  access_token: z.string(),
  expires_in: positive,
  refresh_token: z.string(),
  refresh_expires_in: z.optional(positive),
});
export type RefreshAnswer = z.infer<typeof refreshAnswerSchema>;

/** Body of `POST /api/auth/delete_tokens`. */
export const deleteTokensSchema = z.strictObject({
  refreshToken: requiredText('Le champ « refreshToken » est obligatoire.', 500),
});
