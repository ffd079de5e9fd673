/** Account forms and API bodies (sign-up, login, OTP, password, profile), shared by islands and routes. */
import * as z from './zod.ts';
// Zod-free helpers live apart so screens can show them without loading the validator (re-exported here).
import { CONTACT_FIELDS, PASSWORD_RULE } from './account-text.ts';
export { CONTACT_FIELDS, OTP_LENGTH, PASSWORD_RULE, safeRedirect, waitText, type ContactField } from './account-text.ts';

/** §5: 221, then 7, then 8 digits; the prefix 221 is added when missing. Null when it cannot be a Senegalese mobile. */
export function normalizePhone(input: string): string | null {
  let digits = input.trim().replace(/[\s.\-()]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  if (!/^\d+$/.test(digits)) return null;
  if (!digits.startsWith('221')) digits = `221${digits}`;
  return /^2217\d{8}$/.test(digits) ? digits : null;
}

const PHONE_INVALID = 'Le numéro de téléphone est invalide.';
const EMAIL_INVALID = 'L’adresse email est invalide.';

/** A phone number, stored normalised. */
export const phoneSchema = z.pipe(
  z
    .string({ error: 'Le téléphone est obligatoire.' })
    .check(z.trim(), z.minLength(1, 'Le téléphone est obligatoire.'), z.maxLength(30, PHONE_INVALID)),
  z.transform((v: string, ctx) => {
    const phone = normalizePhone(v);
    if (phone !== null) return phone;
    ctx.issues.push({ code: 'custom', message: PHONE_INVALID, input: v });
    return z.NEVER;
  }),
);

/** An e-mail address, trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: 'L’adresse email est obligatoire.' })
  .check(
    z.trim(),
    z.minLength(1, 'L’adresse email est obligatoire.'),
    z.maxLength(200, EMAIL_INVALID),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_INVALID),
    z.toLowerCase(),
  );

/** A new password. */
export const passwordSchema = z.string({ error: 'Le mot de passe est obligatoire.' }).check(
  z.minLength(8, `Mot de passe trop court : ${PASSWORD_RULE}`),
  z.maxLength(200, 'Mot de passe trop long (200 caractères au plus).'),
  z.refine((v) => /\p{L}/u.test(v) && /\d/.test(v), `Mot de passe trop faible : ${PASSWORD_RULE}`),
);

/** What a shopper knows of an account: its e-mail address or its phone number (any §5 spelling), never an id. */
export type Destination = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

const IDENTIFIER_INVALID = 'Indiquez une adresse e-mail ou un numéro de téléphone valide.';
/** An e-mail or a phone number, read into a Destination (e-mail lower-cased, phone normalised). */
export const identifierSchema = z.pipe(
  z
    .string({ error: IDENTIFIER_INVALID })
    .check(z.trim(), z.minLength(1, 'Indiquez votre e-mail ou votre téléphone.'), z.maxLength(200, IDENTIFIER_INVALID)),
  z.transform((v: string, ctx): Destination => {
    if (v.includes('@')) {
      const email = emailSchema.safeParse(v);
      if (email.success) return { kind: 'email', value: email.data };
    } else {
      const phone = normalizePhone(v);
      if (phone) return { kind: 'phone', value: phone };
    }
    ctx.issues.push({ code: 'custom', message: IDENTIFIER_INVALID, input: v });
    return z.NEVER;
  }),
);

/** The forgotten-password form (§2 `/forgot-password`): the account's e-mail or phone. */
export const forgotPasswordFormSchema = z.object({ username: identifierSchema });

/** A person's name. */
export const nameSchema = z
  .string({ error: 'Le nom est obligatoire.' })
  .check(
    z.trim(),
    z.minLength(2, 'Le nom est obligatoire (2 caractères au moins).'),
    z.maxLength(100, 'Le nom est trop long (100 caractères au plus).'),
  );

/** A 4-digit code. */
export const otpCodeSchema = z
  .string({ error: 'Veuillez entrer les 4 chiffres du code OTP' })
  .check(z.regex(/^\d{4}$/, 'Veuillez entrer les 4 chiffres du code OTP'));

/** Body of `POST /api/new_compte`. */
export const signupSchema = z.strictObject({ name: nameSchema, email: emailSchema, partner_phone: phoneSchema, password: passwordSchema });
export type Signup = z.infer<typeof signupSchema>;

const MISMATCH = { message: 'Les mots de passe ne correspondent pas.', path: ['confirm'] };

/** The sign-up form: the API body plus a confirmation. */
export const signupFormSchema = z.extend(signupSchema, { confirm: z.string() }).check(z.refine((v) => v.password === v.confirm, MISMATCH));

/** What a user types as their e-mail or phone: required, at most 200 characters. */
const usernameSchema = z.string().check(z.trim(), z.minLength(1, 'Indiquez votre e-mail ou votre téléphone.'), z.maxLength(200));

/** The login form: e-mail or phone, and password. */
export const loginFormSchema = z.object({
  username: usernameSchema,
  password: z.string().check(z.minLength(1, 'Le mot de passe est obligatoire.'), z.maxLength(200)),
});

/** Body of `POST /api/partner/otp-verification`. */
export const otpVerifySchema = z.strictObject({ email: emailSchema, code: otpCodeSchema });

/** Body of `POST /api/new-password`: the account (e-mail or phone), the code received and the new password. */
export const newPasswordSchema = z.strictObject({
  username: usernameSchema,
  code: otpCodeSchema,
  password: passwordSchema,
});

/** The new-password form: the API body plus a confirmation. */
export const newPasswordFormSchema = z
  .extend(newPasswordSchema, { confirm: z.string() })
  .check(z.refine((v) => v.password === v.confirm, MISMATCH));

/** Body of the profile updates: only what a user may change; role, adhesion, is_verified and id are refused. */
export const profileUpdateSchema = z
  .strictObject({ name: z.optional(nameSchema), email: z.optional(emailSchema), partner_phone: z.optional(phoneSchema) })
  .check(z.refine((v) => Object.keys(v).length > 0, 'Aucun champ à modifier.'));
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Body of `POST /api/users/me/contact-verification`: which new value to confirm, and the code it received. */
export const contactVerifySchema = z.strictObject({
  field: z.enum(CONTACT_FIELDS, { error: 'Le champ « field » doit valoir email ou partner_phone.' }),
  code: otpCodeSchema,
});

/** Body of `PUT /api/users/avatar/{id}`: a small PNG, JPEG or WebP data URL. */
export const avatarSchema = z.strictObject({
  avatar: z
    .string()
    .check(
      z.maxLength(90_000, 'Image trop lourde (60 Ko au plus).'),
      z.regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/, 'Image invalide : PNG, JPEG ou WebP attendu.'),
    ),
});

/** A user as the account routes show it. */
export const accountSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.nullable(z.string()),
  partner_phone: z.nullable(z.string()),
  adhesion: z.nullable(z.string()),
  parent_id: z.nullable(z.int()),
  is_verified: z.boolean(),
  avatar: z.nullable(z.string()),
  /** Set on a parent account (§6: employer, mutual, association): its organisation's name; it approves its members' credit orders. */
  organisation: z._default(z.nullable(z.string()), null),
});
export type Account = z.infer<typeof accountSchema>;

/** New contact values waiting for their code; each replaces the old one only once confirmed. */
export const pendingContactSchema = z.object({ email: z.optional(z.string()), partner_phone: z.optional(z.string()) });
export type PendingContact = z.infer<typeof pendingContactSchema>;

/** Answer of the profile updates and of `GET /api/users/{id}/compte`: the account and what waits for a code. */
export const profileAnswerSchema = z.extend(accountSchema, { pending: pendingContactSchema });

/** What the profile screen shows of `GET /api/users/{id}/compte` (§2 `/profile`): the account, its company and its parent account. */
export const profileViewSchema = z.extend(profileAnswerSchema, {
  company: z.nullable(z.object({ name: z.string() })),
  parent: z.nullable(z.object({ name: z.string() })),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/** Answer of `POST /api/new_compte`. */
export const signupAnswerSchema = z.object({ id: z.int(), email: z.string(), message: z.string() });

/** The message an OTP failure shows (§8): the server's text (a string body or its message), the error's own, or the default. */
export function otpFailureMessage(error: unknown): string {
  const data = (error as { data?: unknown })?.data;
  if (typeof data === 'string' && data.trim()) return data;
  const message = (data as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string' && message) return message;
  if (error instanceof Error && error.message) return error.message;
  return 'Échec de la vérification du code OTP';
}
