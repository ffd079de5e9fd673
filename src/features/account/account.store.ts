/** Account actions of the screens: login, sign-up, OTP, password reset and profile; the only account code that calls the API. */
import * as z from '../../domain/zod.ts';
import {
  accountSchema,
  profileAnswerSchema,
  profileViewSchema,
  signupAnswerSchema,
  type ContactField,
  type PendingContact,
  type ProfileUpdate,
  type Signup,
} from '../../domain/account.ts';
import { sessionValuesSchema } from '../../domain/auth.ts';
import { callApi, getTokens } from '../../lib/api.ts';
import { refreshContext, removeSession, saveSession, saveUserInfo, $session } from './session.store.ts';
import { $profile } from './profile.store.ts';
import { saveTokens } from './tokens.store.ts';

const message = z.looseObject({ message: z.string() });

/** The French sentence of a failed call: the server's message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown })?.data;
  const m = (data as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' && m ? m : typeof data === 'string' && data ? data : fallback;
}

/** The seconds a refused call says to wait (its `Retry-After`), 0 when it says nothing. */
export function retryAfter(error: unknown): number {
  const header = (error as { response?: { headers?: Headers } })?.response?.headers?.get('retry-after');
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 0;
}

/** Outcome of a login: in, or an account that still has to verify its code. */
export type LoginResult = { status: 'ok' } | { status: 'unverified'; email: string | null };

/** Logs in; an unverified account is not kept (it cannot count as authenticated) and is sent to its code. */
export async function login(username: string, password: string): Promise<LoginResult> {
  const answer = await getTokens(username, password);
  if (!answer.is_verified) return { status: 'unverified', email: answer.user_info.email };
  saveTokens(answer);
  saveSession(answer);
  return { status: 'ok' };
}

/** `POST /api/new_compte`. */
export function signup(body: Signup) {
  return callApi(signupAnswerSchema, 'Erreur lors de la création du compte', '/api/new_compte', { method: 'POST', body });
}

/** `POST /api/partner/otp-verification`. */
export function verifyOtp(email: string, code: string) {
  return callApi(message, 'Erreur lors de la vérification du code', '/api/partner/otp-verification', {
    method: 'POST',
    body: { email, code },
  });
}

/** `GET /api/partner/{email}/otp-resend` (the account's e-mail or phone). */
export function resendOtp(email: string) {
  return callApi(message, 'Erreur lors de l’envoi du code', `/api/partner/${encodeURIComponent(email)}/otp-resend`);
}

/** Asks for a reset code: by e-mail when the shopper gave an address, by SMS to the phone number they gave. */
export function requestReset(who: { kind: 'email' | 'phone'; value: string }) {
  const path = `/api/reset-password-${who.kind === 'email' ? 'email' : 'sms'}/${encodeURIComponent(who.value)}`;
  return callApi(message, 'Erreur lors de la demande de réinitialisation', path);
}

/** `POST /api/new-password`. */
export function setNewPassword(body: { username: string; code: string; password: string }) {
  return callApi(message, 'Erreur lors de la mise à jour du mot de passe', '/api/new-password', { method: 'POST', body });
}

/** Loads the profile of the logged-in user and refreshes the in-memory session context from it. */
export async function loadProfile(): Promise<void> {
  const id = $session.get()?.user_info.id;
  if (!id) return;
  let raw: unknown;
  try {
    raw = await callApi(z.unknown(), 'Erreur lors de la récupération du profil', `/api/users/${id}/compte`);
  } catch (err) {
    // Cookies without usable tokens (storage cleared, session revoked elsewhere): the session is over.
    if ((err as { status?: number }).status === 401) {
      removeSession();
      location.assign(`/login?redirect=${encodeURIComponent(location.pathname)}`);
    }
    throw err;
  }
  $profile.set(profileViewSchema.parse(raw));
  const values = sessionValuesSchema.safeParse(raw);
  if (values.success) refreshContext(values.data);
}

// The profile and the user-info cookie take an answer of the profile routes.
function showProfile(account: z.output<typeof profileAnswerSchema>): PendingContact {
  const cur = $profile.get();
  if (cur) $profile.set({ ...cur, ...account });
  const { id, name, partner_phone, email, adhesion, parent_id } = account;
  saveUserInfo({ id, name, partner_phone, email, adhesion, parent_id });
  return account.pending;
}

/** `PUT /api/users/me`; a new e-mail or phone comes back in `pending` until its code is confirmed. */
export async function updateProfile(body: ProfileUpdate): Promise<PendingContact> {
  return showProfile(
    await callApi(profileAnswerSchema, 'Erreur lors de la mise à jour du profil', '/api/users/me', { method: 'PUT', body }),
  );
}

/** `POST /api/users/me/contact-verification`: the code received puts the new e-mail or phone in place. */
export async function confirmContact(field: ContactField, code: string): Promise<PendingContact> {
  return showProfile(
    await callApi(profileAnswerSchema, 'Erreur lors de la confirmation du contact', '/api/users/me/contact-verification', {
      method: 'POST',
      body: { field, code },
    }),
  );
}

/** `PUT /api/users/avatar/{id}` with a data URL. */
export async function updateAvatar(avatar: string): Promise<void> {
  const id = $session.get()?.user_info.id;
  if (!id) return;
  const account = await callApi(accountSchema, 'Erreur lors de la mise à jour de l’avatar', `/api/users/avatar/${id}`, {
    method: 'PUT',
    body: { avatar },
  });
  const cur = $profile.get();
  if (cur) $profile.set({ ...cur, avatar: account.avatar });
}
