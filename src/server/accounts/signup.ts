/** Sign-up of §7 new_compte in one transaction: the user, the counts of both messages and the code, all or nothing. */
import type { Destination, Signup } from '../../domain/account.ts';
import type { Deps } from '../context.ts';
import { users } from '../db/schema.ts';
import type { Refusal } from './limits.ts';
import { isUniqueViolation } from './lookup.ts';
import { createCode } from './otp.ts';
import { spendMessage } from './send-code.ts';

/** What a sign-up came to: the new account and its code, a taken e-mail or phone, or a message limit. */
export type SignupOutcome = { id: number; code: string; to: Destination[] } | { taken: true } | { refused: Refusal };

class Refused extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

/** Creates an unverified account with its verification code; a crash or a refusal anywhere leaves nothing behind. */
export async function createAccount(deps: Deps, body: Signup, passwordHash: string): Promise<SignupOutcome> {
  const to: Destination[] = [
    { kind: 'email', value: body.email },
    { kind: 'phone', value: body.partner_phone },
  ];
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ name: body.name, email: body.email, partnerPhone: body.partner_phone, passwordHash, isVerified: false })
        .returning({ id: users.id });
      for (const d of to) {
        const refused = await spendMessage(tx, d);
        // Throwing rolls the user back with the counts already made.
        if (refused) throw new Refused(refused);
      }
      return { id: row!.id, code: await createCode(deps, tx, row!.id, 'verify'), to };
    });
  } catch (err) {
    if (err instanceof Refused) return { refused: err.refusal };
    if (isUniqueViolation(err)) return { taken: true };
    throw err;
  }
}
